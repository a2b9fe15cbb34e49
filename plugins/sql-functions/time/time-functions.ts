/**
 * Clock functions: `now()` is fixed per execution (FunctionContext.now),
 * `systimestamp()` and `sysdate()` are read per call.
 */
import { Types } from '../../../core/data/column-type';
import { Vector } from '../../../core/data/vector';
import { FunctionContext, ScalarFunction } from '../../../core/extension/sql-function';
import { timestampSequence } from './timestamp-sequence';

function fill(type: typeof Types.TIMESTAMP, value: number, n: number): Vector {
  const data = new Float64Array(n);
  data.fill(value);
  return { type, data };
}

const wallMicros = (): number => Math.floor((performance.timeOrigin + performance.now()) * 1000);

export const timeFunctions: readonly ScalarFunction[] = [
  timestampSequence,
  { kind: 'scalar', name: 'now', args: [], returns: Types.TIMESTAMP, kernel: (_a, n, _t, c: FunctionContext) => fill(Types.TIMESTAMP, c.now, n) },
  { kind: 'scalar', name: 'systimestamp', args: [], returns: Types.TIMESTAMP, volatile: true, kernel: (_a, n) => fill(Types.TIMESTAMP, wallMicros(), n) },
  { kind: 'scalar', name: 'sysdate', args: [], returns: Types.DATE, volatile: true, kernel: (_a, n) => fill(Types.DATE, Math.floor(wallMicros() / 1000), n) },
];
