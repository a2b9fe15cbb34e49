/**
 * Runs one generated query on both engines and judges the answers (result-comparer.ts).
 */
import { DuckRunner } from './duck-runner';
import { compareResults, Verdict } from './result-comparer';
import { renderDuck, renderSvc, SelectQuery } from './select-query';
import { SvcRunner } from './svc-runner';

export interface Engines {
  readonly svc: SvcRunner;
  readonly duck: DuckRunner;
}

export async function checkQuery(q: SelectQuery, engines: Engines): Promise<Verdict> {
  const svcSql = renderSvc(q);
  const duckSql = renderDuck(q);
  const duck = await engines.duck.exec(duckSql);
  if (!duck.ok) return { kind: 'skip', reason: `DuckDB: ${duck.error.split('\n')[0].slice(0, 120)}` };
  const svc = await engines.svc.exec(svcSql);
  return compareResults(q, svc, duck);
}
