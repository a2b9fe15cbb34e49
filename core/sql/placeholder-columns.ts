/**
 * Calls a SELECT list collects for an operator of their own (window functions for Window, set-returning
 * functions for ProjectSet) stand in their expressions as placeholder columns — a negative index and a
 * name marked with the collector's prefix — until the operator's place in the input layout is known;
 * then each points at the operator's output column `base + k`.
 */
import { ColumnType } from '../data/column-type';
import { BoundColumn, BoundExpr } from './bound-expression';

/** Placeholder `k` of the collector whose names start with `mark`. */
export function placeholderColumn(mark: string, k: number, type: ColumnType, position: number): BoundColumn {
  return { kind: 'column', index: -1 - k, type, name: `\u0000${mark}${k}`, position };
}

/** `e` with the placeholders of `mark` pointing at the columns that follow the `base` input columns. */
export function resolvePlaceholders(e: BoundExpr, mark: string, base: number): BoundExpr {
  if (e.kind === 'column' && e.index < 0 && e.name.startsWith(`\u0000${mark}`)) return { ...e, index: base - 1 - e.index };
  const again = (x: BoundExpr): BoundExpr => resolvePlaceholders(x, mark, base);
  switch (e.kind) {
    case 'call': return { ...e, args: e.args.map(again) };
    case 'cast': return { ...e, expr: again(e.expr) };
    case 'case': return {
      ...e,
      whens: e.whens.map((w) => ({ when: again(w.when), then: again(w.then) })),
      otherwise: e.otherwise ? again(e.otherwise) : undefined,
    };
    default: return e;
  }
}
