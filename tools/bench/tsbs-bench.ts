/**
 * A sitting of the TSBS devops workload and the ad-hoc set (`npm run bench -- --workload tsbs[,adhoc]`): the
 * cpu-only table generated once (tsbs-dataset.ts), loaded into embedded DuckDB and into every server by /imp,
 * the query types timed in rounds (bench-rounds.ts, the variants in turn: bench-variants.ts), each server
 * then put through the concurrency test (bench-concurrency.ts), and the tables of workload-report.ts.
 */
import { BenchQuery } from './bench-queries';
import { runConcurrency } from './bench-concurrency';
import { DuckRun, runDuckDb } from './bench-duckdb';
import { parseSize, sizeLabel } from './bench-datasets';
import { quiet, RunOptions, runInTurn, runTogether, ServerRun } from './bench-servers';
import { adhocQueries } from './adhoc-queries';
import { tsbsQueries } from './tsbs-queries';
import { ensureTsbsDataset, TsbsMeta, tsbsTable } from './tsbs-dataset';
import { queryTable, serverTable } from './workload-report';

export type WorkloadName = 'tsbs' | 'adhoc';

export interface WorkloadOptions extends RunOptions {
  readonly size: string;
  readonly workloads: readonly WorkloadName[];
  readonly variants: number;
  readonly seed: number;
  readonly duckdb: boolean;
  readonly threads?: number;
  readonly passes: number;
  /** Seconds of the concurrency test per server (0: none). */
  readonly concurrencySeconds: number;
  readonly together: boolean;
  readonly only?: ReadonlySet<string>;
}

export interface WorkloadPass {
  readonly duck?: DuckRun;
  readonly servers: ServerRun[];
}

function querySets(o: WorkloadOptions, meta: TsbsMeta): Map<WorkloadName, BenchQuery[]> {
  const sets = new Map<WorkloadName, BenchQuery[]>();
  for (const w of o.workloads) {
    const all = w === 'tsbs' ? tsbsQueries(meta, o.variants, o.seed) : adhocQueries(meta, o.variants, o.seed);
    sets.set(w, all.filter((q) => !o.only || o.only.has(q.id)));
  }
  return sets;
}

/** One sitting of `passes` passes; resolves with the passes and whether every answer matched DuckDB's. */
export async function runWorkloads(o: WorkloadOptions, labels: readonly string[]): Promise<WorkloadPass[]> {
  const meta = ensureTsbsDataset(o.data, parseSize(o.size), (line) => console.log(line));
  const tables = [tsbsTable(meta)];
  const sets = querySets(o, meta);
  const queries = [...sets.values()].flat();
  const tsbs = sets.get('tsbs') ?? tsbsQueries(meta, o.variants, o.seed);
  const big = tsbs.filter((q) => q.id === 'high-cpu-all');
  const small = tsbs.filter((q) => !['high-cpu-all', 'double-groupby-all', 'double-groupby-5', 'lastpoint'].includes(q.id));
  const run: RunOptions = {
    ...o,
    concurrency: o.concurrencySeconds > 0 && big.length > 0
      ? (port) => runConcurrency(port, { clients: 8, big: 2, seconds: o.concurrencySeconds, bigQueries: big, smallQueries: small })
      : undefined,
  };
  const passes: WorkloadPass[] = [];
  for (let k = 1; k <= o.passes; k++) {
    if (o.passes > 1) console.log(`\n## Pass ${k} of ${o.passes}`);
    const duck = o.duckdb ? await runDuckDb(o.data, tables, queries, o.runs, o.threads, o.interleave, o.warmups, o.minSeconds * 1000, o.settle ? () => quiet('DuckDB') : undefined) : undefined;
    if (duck) console.log(`DuckDB ${duck.version}, threads=${duck.threads}: loaded in ${Object.entries(duck.load).map(([t, l]) => `${t} ${l.seconds.toFixed(2)} s`).join(', ')}`);
    const order = o.servers.map((_d, i) => i).sort((a, b) => (k % 2 === 1 ? a - b : b - a));
    const servers = o.together ? await runTogether(run, labels, order, tables, queries) : await runInTurn(run, labels, order, tables, queries);
    const how = `${sizeLabel(meta.rows)} rows, ${meta.hosts} hosts; median of ${o.runs}+ warm runs in rounds over ${o.variants} variants, client wall ms incl. JSON`;
    for (const [w, qs] of sets) console.log(queryTable(`${w === 'tsbs' ? 'TSBS devops' : 'Ad-hoc shapes'} (${how})`, qs, duck, servers));
    console.log(servers.map((s) => `${s.label}: imported in ${Object.values(s.importSeconds).map((x) => x.toFixed(1)).join(', ')} s`).join('; '));
    console.log(serverTable(servers));
    passes.push({ duck, servers });
  }
  return passes;
}
