/**
 * Binds a query (SELECT or set operation, with its WITH clause) into a plan. CTEs are inlined at
 * each reference; set operations cast both sides to common column types.
 */
import { ResultColumn } from '../data/result-set';
import { SvcError } from '../errors';
import type { CommonTableExpression, Query } from './ast';
import { BindEnvironment } from './bind-environment';
import { BoundExpr } from './bound-expression';
import { commonType } from './implicit-cast';
import { Project } from './operators/project';
import { SetOperation } from './operators/set-operation';
import { orderAndLimit, OrderTarget } from './order-limit';
import { PlanNode } from './plan';
import { SelectBinder } from './select-binder';

export class QueryBinder {
  constructor(private readonly env: BindEnvironment) {}

  bind(q: Query, ctes: ReadonlyMap<string, Query> = new Map()): PlanNode {
    const scope = withCtes(ctes, q.with);
    if (q.kind === 'select') return new SelectBinder(this.env, scope, (x, c) => this.bind(x, c)).bind(q);
    const left = this.bind(q.left, scope);
    const right = this.bind(q.right, scope);
    if (left.columns.length !== right.columns.length) {
      throw SvcError.sql(q.position, 'queries have different number of columns');
    }
    const types = left.columns.map((c, i) => commonType([c.type, right.columns[i].type]));
    const columns: ResultColumn[] = left.columns.map((c, i) => ({ name: c.name, type: types[i] }));
    let plan: PlanNode = new SetOperation(q.op, q.all, castTo(left, columns), castTo(right, columns), columns);
    const order: OrderTarget[] = (q.orderBy ?? []).map((o) => {
      const e = o.expr;
      let index = -1;
      if (e.kind === 'literal' && e.type === 'int') index = e.value - 1;
      else if (e.kind === 'column') index = columns.findIndex((c) => c.name.toLowerCase() === e.name.toLowerCase());
      if (index < 0 || index >= columns.length) throw SvcError.invalidColumn(e.position, e.kind === 'column' ? e.name : String(e.position));
      return { index, descending: o.descending };
    });
    plan = orderAndLimit(plan, order, q.limit, false, this.env);
    return plan;
  }
}

function withCtes(outer: ReadonlyMap<string, Query>, list: readonly CommonTableExpression[] | undefined): ReadonlyMap<string, Query> {
  if (!list?.length) return outer;
  const m = new Map(outer);
  for (const c of list) m.set(c.name.name.toLowerCase(), c.query);
  return m;
}

function castTo(plan: PlanNode, columns: readonly ResultColumn[]): PlanNode {
  if (plan.columns.every((c, i) => c.type.tag === columns[i].type.tag && c.name === columns[i].name)) return plan;
  const exprs: BoundExpr[] = plan.columns.map((c, i) => {
    const col: BoundExpr = { kind: 'column', index: i, type: c.type, name: c.name, position: 0 };
    return c.type.tag === columns[i].type.tag ? col : { kind: 'cast', expr: col, type: columns[i].type, position: 0 };
  });
  return new Project(plan, exprs, columns, -1);
}
