/**
 * Bind-time checks of constant unit arguments of the date/time functions, so a bad unit is reported at
 * its literal (`timestamp_floor('xx', ts)` → `invalid unit 'xx'` at the `'xx'`).
 */
import { SvcError } from '../errors';
import { parseStride, unitByName } from '../time/time-unit';
import type { Expression } from './ast';
import { TimeInterval } from '../data/table-schema';
import { BoundExpr } from './bound-expression';

const STRIDE_FUNCTIONS = new Set(['timestamp_floor', 'timestamp_ceil']);
const UNIT_FUNCTIONS = new Set(['dateadd', 'datediff']);

export function checkTimeArguments(name: string, args: readonly Expression[]): void {
  const first = args[0];
  if (!first || first.kind !== 'literal' || (first.type !== 'string' && first.type !== 'char')) return;
  const text = String(first.value);
  if (STRIDE_FUNCTIONS.has(name)) {
    const s = parseStride(text);
    if (!s || s.count <= 0) throw SvcError.sql(first.position, `invalid unit '${text}'`);
  }
  if (UNIT_FUNCTIONS.has(name) && !unitByName(text)) throw SvcError.sql(first.position, `invalid unit '${text}'`);
}

/** `ts IN interval(lo, hi)` with constant bounds: the closed interval, or undefined. */
export function intervalCallBounds(e: BoundExpr): TimeInterval[] | undefined {
  if (e.kind !== 'call' || e.fn.name !== 'interval' || e.args.length !== 2) return undefined;
  const [a, b] = e.args;
  if (a.kind !== 'constant' || b.kind !== 'constant' || typeof a.value !== 'number' || typeof b.value !== 'number') return undefined;
  return a.value <= b.value ? [{ lo: a.value, hi: b.value }] : [];
}
