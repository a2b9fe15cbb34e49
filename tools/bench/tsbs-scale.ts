/**
 * The scaling check of the TSBS workload (`npm run bench -- --workload tsbs --scale 10M,100M,300M`): one
 * server, the cpu table grown by line protocol over TCP (tsbs-ilp.ts, 1,000 hosts, 10 s ticks: 10M rows are
 * ~28 h, 300M ~35 days of DAY partitions) to each size in turn; at each size the 15 query types are timed in
 * rounds over windows drawn from the span loaded so far, with the server's resident and peak memory. Answers
 * are not compared here (the sitting with DuckDB does that at 10M); the point is how cost grows with the data.
 */
import { BenchClient } from './bench-http';
import { timeRounds } from './bench-rounds';
import { BenchServer } from './bench-server';
import { fmtMs, table } from './bench-stats';
import { fingerprintAll, VariantCycle } from './bench-variants';
import { TSBS_START_MS, TSBS_TICK_MS, TsbsCpu } from './tsbs-cpu';
import { TsbsLineSender } from './tsbs-ilp';
import { tsbsQueries } from './tsbs-queries';

export interface ScaleOptions {
  readonly sizes: readonly number[];
  readonly runs: number;
  readonly warmups: number;
  readonly variants: number;
  readonly seed: number;
  /** The server's project folder. */
  readonly server: string;
  readonly env: Record<string, string>;
}

const HOSTS = 1000;

interface Stage {
  readonly rows: number;
  readonly ingestSeconds: number;
  readonly medians: ReadonlyMap<string, number>;
  readonly rssMb: number;
  readonly peakRssMb: number;
}

async function visible(client: BenchClient, rows: number): Promise<void> {
  for (;;) {
    const json = await client.exec('SELECT count() FROM cpu').catch(() => undefined);
    if (Number(json?.dataset[0]?.[0] ?? 0) >= rows) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function runScale(o: ScaleOptions): Promise<void> {
  const server = await BenchServer.start('svc', o.server, o.env);
  const client = new BenchClient(server.port);
  const sender = new TsbsLineSender(new TsbsCpu(HOSTS));
  const stages: Stage[] = [];
  try {
    for (const size of o.sizes) {
      const ticks = Math.ceil(size / HOSTS) - sender.tick;
      const t0 = performance.now();
      const rows = sender.tick * HOSTS + await sender.send(server.tcpPort, ticks);
      await visible(client, rows);
      const ingestSeconds = (performance.now() - t0) / 1000;
      console.log(`svc: ${rows} rows visible (${((rows - (stages.at(-1)?.rows ?? 0)) / ingestSeconds / 1e6).toFixed(2)} M rows/s over line protocol TCP, lines generated as sent), RSS ${server.rssMb().toFixed(0)} MB`);
      const meta = { rows, hosts: HOSTS, bytes: 0, file: '', startMs: TSBS_START_MS, endMs: TSBS_START_MS + sender.tick * TSBS_TICK_MS };
      const queries = tsbsQueries(meta, o.variants, o.seed);
      const cycle = new VariantCycle();
      const results = await timeRounds({
        queries, runs: o.runs, interleave: true, warmups: o.warmups,
        first: (q) => fingerprintAll(q, 'q', async (sql) => (await client.exec(sql)).dataset),
        run: (q) => client.exec(cycle.text(q, 'q')),
      });
      for (const r of results) if (r.error) console.log(`${r.id} at ${rows} rows: ERROR ${r.error}`);
      stages.push({ rows, ingestSeconds, medians: new Map(results.map((r) => [r.id, r.error ? NaN : r.ms])), rssMb: server.rssMb(), peakRssMb: server.peakRssMb() });
    }
  } finally {
    client.close();
    await server.stop();
  }
  const ids = [...(stages[0]?.medians.keys() ?? [])];
  const label = (n: number): string => `${n / 1e6}M rows ms`;
  const first = stages[0], last = stages[stages.length - 1];
  console.log(`\n### Scaling: the TSBS types as the cpu table grows (one server, median of ${o.runs} warm runs in rounds over ${o.variants} variants)\n${table(
    ['query', ...stages.map((s) => label(s.rows)), ...(stages.length > 1 ? [`${last.rows / first.rows}× rows: time ×`] : [])],
    [...ids.map((id) => [id, ...stages.map((s) => fmtMs(s.medians.get(id) ?? NaN)),
      ...(stages.length > 1 ? [((last.medians.get(id) ?? NaN) / (first.medians.get(id) ?? NaN)).toFixed(2)] : [])]),
    ['load M rows/s (TCP, lines generated as sent)', ...stages.map((s, k) => ((s.rows - (k ? stages[k - 1].rows : 0)) / s.ingestSeconds / 1e6).toFixed(2)), ...(stages.length > 1 ? [''] : [])],
    ['RSS MB after the queries', ...stages.map((s) => s.rssMb.toFixed(0)), ...(stages.length > 1 ? [''] : [])],
    ['peak RSS MB so far', ...stages.map((s) => s.peakRssMb.toFixed(0)), ...(stages.length > 1 ? [''] : [])]])}`);
}
