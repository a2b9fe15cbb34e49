/**
 * timestamp_sequence(start, step): start, start + step, … per row of the
 * execution, in µs. The counter lives per (execution context, call site), so two calls in one query and
 * two executions of one compiled query each count from the start.
 */
import { Types } from '../../../core/data/column-type';
import { LONG_NULL } from '../../../core/data/null-values';
import { FunctionContext, ScalarFunction } from '../../../core/extension/sql-function';

const counters = new WeakMap<FunctionContext, WeakMap<object, { rows: number }>>();

function counter(context: FunctionContext, site: object | undefined): { rows: number } {
  let bySite = counters.get(context);
  if (!bySite) { bySite = new WeakMap(); counters.set(context, bySite); }
  const key = site ?? context;
  let c = bySite.get(key);
  if (!c) { c = { rows: 0 }; bySite.set(key, c); }
  return c;
}

export const timestampSequence: ScalarFunction = {
  kind: 'scalar', name: 'timestamp_sequence', args: [Types.TIMESTAMP, Types.LONG], returns: Types.TIMESTAMP, volatile: true,
  kernel(args, n, type, context, site) {
    const start = args[0].data, step = args[1].data;
    const c = counter(context, site);
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const s = start[i], d = step[i];
      out[i] = s === LONG_NULL || d === LONG_NULL ? LONG_NULL : s + d * (c.rows + i);
    }
    c.rows += n;
    return { type, data: out };
  },
};
