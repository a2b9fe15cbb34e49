/**
 * Rewriting a SELECT over its GROUP BY: after grouping, every expression must be
 * made of aggregate results and key expressions; anything else is an error at the column.
 */
import { SvcError } from '../errors';
import { isAggregateRef, exprKey } from './aggregate-collector';
import { BoundExpr } from './bound-expression';

export function containsAggregate(e: BoundExpr): boolean {
  let found = false;
  const visit = (x: BoundExpr): void => {
    if (isAggregateRef(x)) found = true;
    if (x.kind === 'call') x.args.forEach(visit);
    if (x.kind === 'cast') visit(x.expr);
    if (x.kind === 'case') { x.whens.forEach((w) => { visit(w.when); visit(w.then); }); if (x.otherwise) visit(x.otherwise); }
  };
  visit(e);
  return found;
}

export function rewriteGrouped(e: BoundExpr, keys: ReadonlyMap<string, number>): BoundExpr {
  if (isAggregateRef(e)) return e;
  const k = keys.get(exprKey(e));
  if (k !== undefined) return { kind: 'column', index: k, type: e.type, name: `key`, position: 0 };
  switch (e.kind) {
    case 'column': throw SvcError.sql(e.position, `column must appear in GROUP BY clause or aggregate function [column=${e.name}]`);
    case 'call': return { ...e, args: e.args.map((a) => rewriteGrouped(a, keys)) };
    case 'cast': return { ...e, expr: rewriteGrouped(e.expr, keys) };
    case 'case': return {
      ...e,
      whens: e.whens.map((w) => ({ when: rewriteGrouped(w.when, keys), then: rewriteGrouped(w.then, keys) })),
      otherwise: e.otherwise ? rewriteGrouped(e.otherwise, keys) : undefined,
    };
    default: return e;
  }
}
