/**
 * ORDER BY and LIMIT on top of a SELECT's plan. Sorting on the designated timestamp is free when rows
 * already come in its order, and `ORDER BY ts DESC` turns the scan backwards, so `LIMIT n` stops after n
 * rows. A LIMIT from the start caps the sort at n rows (top-N). Hidden ORDER BY columns are dropped last.
 */
import { Types, isDesignatedTimestampType } from '../data/column-type';
import { SvcError } from '../errors';
import type { Limit as LimitAst } from './ast';
import { BindEnvironment } from './bind-environment';
import { BoundExpr } from './bound-expression';
import { ExpressionBinder } from './expression-binder';
import { Limit } from './operators/limit';
import { ReverseRows } from './operators/reverse-rows';
import { Project } from './operators/project';
import { limitWindow, Window } from './operators/row-window';
import { Sort } from './operators/sort';
import { PlanNode } from './plan';
import { limitedSample } from './sample-limit';
import { EMPTY_SCOPE } from './scope';

export interface OrderTarget {
  readonly index: number;
  readonly descending: boolean;
}

export function orderAndLimit(
  plan: PlanNode, order: readonly OrderTarget[], limit: LimitAst | undefined, hasHidden: boolean, env: BindEnvironment,
  reversible?: (reverse: boolean, rows: number | undefined) => PlanNode | undefined,
): PlanNode {
  const window = limit ? limitOf(limit, env) : undefined;
  let p = plan;
  if (order.length > 0) {
    const ts = plan.timestampIndex;
    const byTs = order.length === 1 && ts >= 0 && order[0].index === ts;
    const rows = window && window.lo >= 0 && window.hi !== undefined && window.hi >= 0 ? window.hi : undefined;
    const reversed = byTs && order[0].descending && reversible ? reversible(true, rows) : undefined;
    if (byTs && !order[0].descending) p = plan;
    else if (reversed) p = reversed;
    else {
      const topN = window && window.lo >= 0 && window.hi !== undefined && window.hi >= 0 ? window.hi : undefined;
      // Ascending order on a TIMESTAMP column designates it (`ORDER BY ts` on a sub-query).
      const first = order[0];
      const keepsTs = !first.descending && (first.index === ts || isDesignatedTimestampType(plan.columns[first.index]?.type ?? Types.NULL)) ? first.index : -1;
      p = new Sort(plan, order, topN, keepsTs);
    }
  }
  // `LIMIT -n` without ORDER BY on a table: read the last n rows backwards, then restore their order.
  const tail = order.length === 0 && window && window.lo < 0 && window.hi === undefined && reversible && plan.timestampIndex >= 0
    ? reversible(true, -window.lo) : undefined;
  if (tail && window) p = new ReverseRows(new Limit(tail, { lo: 0, hi: -window.lo }), plan.timestampIndex);
  else if (window) {
    // SAMPLE BY … LIMIT n: the sampling stops once its first n rows are complete.
    const sampled = order.length === 0 && window.lo >= 0 && window.hi !== undefined ? limitedSample(p, window.hi) : undefined;
    p = new Limit(sampled ?? p, window);
  }
  if (hasHidden) {
    const visible = p.columns.map((c, i) => ({ c, i })).filter((x) => !x.c.name.startsWith('\u0000'));
    const exprs: BoundExpr[] = visible.map((x) => ({ kind: 'column', index: x.i, type: x.c.type, name: x.c.name, position: 0 }));
    const ts = visible.findIndex((x) => x.i === p.timestampIndex);
    p = new Project(p, exprs, visible.map((x) => x.c), ts);
  }
  return p;
}

/** `LIMIT $1`: the plan needs the value, so the statement is planned per execution (parameter-slots.ts). */
function limitParameter(e: BoundExpr, env: BindEnvironment): BoundExpr {
  if (e.kind !== 'parameter' || !env.parameters) return e;
  const typed = env.parameters.isUntyped(e) ? env.parameters.typed(e, Types.LONG) : e;
  const value = env.parameters.planValue(typed);
  return { kind: 'constant', type: typed.type, value: value === undefined ? 1 : value, position: e.position };
}

function limitOf(limit: LimitAst, env: BindEnvironment): Window {
  const binder = new ExpressionBinder(env.registry, EMPTY_SCOPE, { subquery: () => { throw SvcError.sql(limit.position, 'sub-query not allowed in LIMIT'); }, parameters: env.parameters });
  const value = (e: LimitAst['lo']): number => {
    const b = limitParameter(binder.bind(e), env);
    if (b.kind !== 'constant' || (typeof b.value !== 'number' && typeof b.value !== 'bigint')) throw SvcError.sql(e.position, 'LIMIT must be a constant integer');
    return Number(b.value);
  };
  if (limit.offset) {
    const n = value(limit.lo), off = value(limit.offset);
    return { lo: off, hi: off + n };
  }
  return limitWindow(value(limit.lo), limit.hi ? value(limit.hi) : undefined);
}
