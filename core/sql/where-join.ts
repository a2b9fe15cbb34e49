/**
 * Implicit joins (`FROM a, b WHERE a.k = b.k`): WHERE equalities across the two
 * sides become hash-join keys instead of filtering a cross product.
 */
import { BoundExpr } from './bound-expression';
import { ExpressionBinder } from './expression-binder';
import { FunctionRegistry } from './function-registry';
import { Join } from './operators/join';
import { PlanNode } from './plan';
import { EMPTY_SCOPE } from './scope';
import { shiftColumns } from './shift-columns';
import { side } from './source-binder';

/** `FROM a, b WHERE a.k = b.k`: equalities across the two sides become hash-join keys. */
export function hashJoinFromWhere(join: Join, where: BoundExpr, registry: FunctionRegistry): { plan: PlanNode; rest?: BoundExpr } {
  const leftCount = join.left.columns.length;
  const parts: BoundExpr[] = [];
  const split = (e: BoundExpr): void => { if (e.kind === 'call' && e.fn.name === 'and') { split(e.args[0]); split(e.args[1]); } else parts.push(e); };
  split(where);
  const leftKeys: BoundExpr[] = [], rightKeys: BoundExpr[] = [], rest: BoundExpr[] = [];
  for (const p of parts) {
    if (p.kind === 'call' && p.fn.name === '=' && p.args.length === 2) {
      const a = side(p.args[0], leftCount), b = side(p.args[1], leftCount);
      if (a === 'left' && b === 'right') { leftKeys.push(p.args[0]); rightKeys.push(shiftColumns(p.args[1], -leftCount)); continue; }
      if (a === 'right' && b === 'left') { leftKeys.push(p.args[1]); rightKeys.push(shiftColumns(p.args[0], -leftCount)); continue; }
    }
    rest.push(p);
  }
  if (leftKeys.length === 0) return { plan: join, rest: where };
  const plan = new Join('inner', join.left, join.right, leftKeys, rightKeys, undefined);
  const and = (x: BoundExpr, y: BoundExpr): BoundExpr => new ExpressionBinder(registry, EMPTY_SCOPE, { subquery: () => { throw new Error('unreachable'); } }).apply('and', [x, y], 0);
  return { plan, rest: rest.length ? rest.reduce(and) : undefined };
}
