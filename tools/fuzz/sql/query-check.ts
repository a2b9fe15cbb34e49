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
  // Both at once: DuckDB runs on its own threads while svc answers over HTTP.
  const [duck, svc] = await Promise.all([engines.duck.exec(duckSql), engines.svc.exec(svcSql)]);
  try {
    return compareResults(q, svc, duck);
  } catch (e) {
    // The comparer's own failure (a cell it cannot read) is reported, never taken for a lost server.
    return { kind: 'mismatch', what: 'rows', detail: `the comparer failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}
