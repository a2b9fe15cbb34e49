/**
 * EXPLAIN <query>: the plan the engine would run, one operator per row in a `QUERY PLAN` column, children
 * indented by two spaces under their parent (as QuestDB answers EXPLAIN). The operators are svc's own
 * (core/sql/operators), so their names differ from QuestDB's; INSERT … SELECT explains its query
 * under an `Insert into <table>` line.
 */
import { SvcError } from '../../errors';
import type { ExplainStatement, Query } from '../ast';
import { BindEnvironment } from '../bind-environment';
import { TextRows } from '../operators/text-rows';
import { PlanNode } from '../plan';
import { QueryBinder } from '../query-binder';
import { showPlan } from './show-statement';

export const QUERY_PLAN = 'QUERY PLAN';

/** One line per operator, pre-order, children indented. */
export function planLines(plan: PlanNode, depth = 0, out: string[] = []): string[] {
  out.push(`${'  '.repeat(depth)}${plan.label}`);
  for (const c of plan.children) planLines(c, depth + 1, out);
  return out;
}

export function explainPlan(s: ExplainStatement, env: BindEnvironment, bindQuery: (q: Query) => PlanNode): PlanNode {
  const inner = s.statement;
  switch (inner.kind) {
    case 'select': case 'setOperation': return new TextRows(QUERY_PLAN, planLines(new QueryBinder(env).bind(inner)));
    case 'show': return new TextRows(QUERY_PLAN, planLines(showPlan(inner, env)));
    case 'insert': {
      if (inner.source.kind === 'values') return new TextRows(QUERY_PLAN, [`Insert into ${inner.table.name}`, '  Values']);
      const query: Query = inner.with ? { ...inner.source, with: [...inner.with, ...(inner.source.with ?? [])] } : inner.source;
      return new TextRows(QUERY_PLAN, [`Insert into ${inner.table.name}`, ...planLines(bindQuery(query), 1)]);
    }
    default: throw SvcError.sql(inner.position, `EXPLAIN of ${inner.kind} is not supported`);
  }
}
