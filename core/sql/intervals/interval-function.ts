/**
 * `ts [NOT] IN '<interval>'` as a scalar predicate; the planner may turn it into scan intervals instead.
 * Intervals are µs; a TIMESTAMP_NS operand is tested by the floor of its value to the µs (exact: interval
 * literals end on whole µs, `hi` inclusive, so the µs floor decides as the nanoseconds would).
 */
import { ColumnType, TypeTag, Types } from '../../data/column-type';
import { splitNanosVector } from '../../data/nanos-split';
import { LONG_NULL } from '../../data/null-values';
import { TimeInterval } from '../../data/table-schema';
import { ScalarFunction } from '../../extension/sql-function';

export interface IntervalFunction extends ScalarFunction {
  readonly intervals: readonly TimeInterval[];
  readonly negated: boolean;
}

export function intervalFunction(intervals: readonly TimeInterval[], negated: boolean, operand: ColumnType = Types.TIMESTAMP): IntervalFunction {
  const lo = Float64Array.from(intervals.map((i) => i.lo));
  const hi = Float64Array.from(intervals.map((i) => i.hi));
  const nanos = operand.tag === TypeTag.TIMESTAMP_NS;
  return {
    kind: 'scalar', name: 'in_interval', args: [nanos ? Types.TIMESTAMP_NS : Types.TIMESTAMP], returns: Types.BOOLEAN, intervals, negated,
    kernel(args, n) {
      let d = args[0].data;
      if (nanos) {
        const micros = new Float64Array(n);
        splitNanosVector(args[0], 0, n, micros, new Uint16Array(n), 0);
        d = micros;
      }
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const x = d[i];
        let hit = false;
        if (x !== LONG_NULL) for (let k = 0; k < lo.length; k++) if (x >= lo[k] && x <= hi[k]) { hit = true; break; }
        out[i] = hit !== negated ? 1 : 0;
      }
      return { type: Types.BOOLEAN, data: out };
    },
  };
}

export function isIntervalFunction(f: ScalarFunction): f is IntervalFunction {
  return f.name === 'in_interval' && 'intervals' in f;
}
