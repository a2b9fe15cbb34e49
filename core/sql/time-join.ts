/**
 * Plans the time-series joins of QuestDB's SQL dialect once their ON keys are known: ASOF and LT become a
 * merge AsofJoin, SPLICE a SpliceJoin. Both sides need a designated timestamp; ON may only hold key
 * equalities; TOLERANCE takes the duration units n U T s m h d w.
 */
import { SvcError } from '../errors';
import { fixedUnitMicros, isTimeUnit } from '../time/time-unit';
import type { Join as JoinAst } from './ast';
import { BoundExpr, walk } from './bound-expression';
import { AsofJoin } from './operators/asof-join';
import { SpliceJoin } from './operators/splice-join';
import { PlanNode } from './plan';

export function isTimeJoin(j: JoinAst): boolean {
  return j.joinType === 'asof' || j.joinType === 'lt' || j.joinType === 'splice';
}

export function planTimeJoin(j: JoinAst, left: PlanNode, right: PlanNode, leftKeys: BoundExpr[], rightKeys: BoundExpr[], residual: BoundExpr | undefined): PlanNode {
  const name = j.joinType.toUpperCase();
  if (left.timestampIndex < 0) throw SvcError.sql(j.position, `left side of ${name} JOIN has no designated timestamp`);
  if (right.timestampIndex < 0) throw SvcError.sql(j.source.position, `right side of ${name} JOIN has no designated timestamp`);
  if (residual) throw SvcError.sql(j.position, `${name} JOIN ON supports only column equalities`);
  if (j.joinType === 'splice') {
    if (j.tolerance) throw SvcError.sql(j.tolerance.position, 'TOLERANCE is not supported for SPLICE JOIN');
    return new SpliceJoin(left, right, leftKeys, rightKeys);
  }
  let tolerance: number | undefined;
  if (j.tolerance) {
    const unit = j.tolerance.unit === 'U' ? 'u' : j.tolerance.unit;
    const micros = isTimeUnit(unit) ? fixedUnitMicros(unit) : undefined;
    if (micros === undefined || j.tolerance.value < 0) throw SvcError.sql(j.tolerance.position, `invalid tolerance value [value=${j.tolerance.raw}]`);
    tolerance = Math.floor(j.tolerance.value * micros);
  }
  return new AsofJoin({ kind: j.joinType === 'lt' ? 'lt' : 'asof', left, right, leftKeys, rightKeys, tolerance });
}

/** Tells ASOF/LT joins at the root of a FROM which of their columns the query reads (`exprs` over its layout). */
export function pruneJoinColumns(plan: PlanNode | undefined, exprs: readonly (BoundExpr | undefined)[]): void {
  if (!(plan instanceof AsofJoin)) return;
  const used = new Set<number>();
  for (const e of exprs) if (e) walk(e, (x) => { if (x.kind === 'column') used.add(x.index); });
  plan.prune(used);
}
