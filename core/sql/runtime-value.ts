/**
 * Values fixed for one execution but not at bind time: a bind parameter, `now()`, and any call or cast over
 * them and constants that gives the same result for the same inputs (no column, no sub-query, nothing
 * volatile: `dateadd('h', -1, now())`, `date_trunc('day', now())`, `$1 + 3600000000`). Constant folding
 * (constant-folding.ts) cannot compute them, so they are computed once per execution instead: evaluate.ts
 * keeps their value for the execution, and scan intervals narrow by them (parameters/parameter-intervals.ts).
 */
import { TypeTag } from '../data/column-type';
import { BoundExpr } from './bound-expression';

const known = new WeakMap<BoundExpr, boolean>();

/** True for an expression whose value is fixed per execution and depends on a parameter or `now()`. */
export function isRuntimeValue(e: BoundExpr): boolean {
  let r = known.get(e);
  if (r === undefined) {
    const w = walk(e);
    r = w.ok && w.runtime && e.type.tag !== TypeTag.ARRAY && e.type.tag !== TypeTag.SYMBOL;
    known.set(e, r);
  }
  return r;
}

function walk(x: BoundExpr): { ok: boolean; runtime: boolean } {
  switch (x.kind) {
    case 'parameter': return { ok: true, runtime: true };
    case 'constant': return { ok: true, runtime: false };
    case 'cast': return walk(x.expr);
    case 'call': {
      if (x.fn.volatile) return { ok: false, runtime: false };
      if (x.args.length === 0) return { ok: x.fn.name === 'now', runtime: x.fn.name === 'now' };
      let runtime = false;
      for (const a of x.args) {
        const r = walk(a);
        if (!r.ok) return r;
        runtime ||= r.runtime;
      }
      return { ok: true, runtime };
    }
    default: return { ok: false, runtime: false };
  }
}
