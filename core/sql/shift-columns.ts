/** Re-bases column indexes of an expression (a join's right keys are evaluated on right batches). */
import { BoundExpr } from './bound-expression';

export function shiftColumns(e: BoundExpr, delta: number): BoundExpr {
  switch (e.kind) {
    case 'column': return { ...e, index: e.index + delta };
    case 'call': return { ...e, args: e.args.map((a) => shiftColumns(a, delta)) };
    case 'cast': return { ...e, expr: shiftColumns(e.expr, delta) };
    case 'case': return {
      ...e,
      whens: e.whens.map((w) => ({ when: shiftColumns(w.when, delta), then: shiftColumns(w.then, delta) })),
      otherwise: e.otherwise ? shiftColumns(e.otherwise, delta) : undefined,
    };
    case 'inQuery': return { ...e, expr: shiftColumns(e.expr, delta) };
    default: return e;
  }
}
