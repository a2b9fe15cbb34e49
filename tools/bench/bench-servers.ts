/**
 * The bench's servers through a pass: each started on a fresh root and loaded by /imp, its queries timed
 * (bench-rounds.ts), then its exports, peak RSS and CPU taken and the server stopped. In turn (the default),
 * one server after another, each settled and timed on its own; together (`--together`), every server loaded
 * first and all timed in the same rounds (bench-together.ts).
 */
import { join } from 'node:path';
import { ConcurrencyResult } from './bench-concurrency';
import { runExports, ExportResult } from './bench-export';
import { BenchClient } from './bench-http';
import { BenchQuery, ROUND_TRIP } from './bench-queries';
import { BenchTable } from './bench-table';
import { BenchServer } from './bench-server';
import { QueryResult, timeRounds } from './bench-rounds';
import { settle } from './bench-settle';
import { jointQueries, splitResults } from './bench-together';
import { fingerprintAll, VariantCycle } from './bench-variants';

/** The options a pass's servers use (tools/bench.ts parses them). */
export interface RunOptions {
  readonly runs: number;
  readonly warmups: number;
  readonly minSeconds: number;
  readonly settle: boolean;
  readonly interleave: boolean;
  readonly data: string;
  readonly exports: boolean;
  /** The servers' project folders, in the order given. */
  readonly servers: readonly string[];
  readonly env: Record<string, string>;
  /** After the timed rounds and exports, on each server in turn (the others idle): the concurrency test. */
  readonly concurrency?: (port: number) => Promise<ConcurrencyResult>;
}

/** Waits for an idle machine (bench-settle.ts) and says how long it took. */
export async function quiet(who: string): Promise<void> {
  const s = await settle();
  console.log(`${who}: machine ${s.quiet ? 'quiet' : 'still busy'} after ${(s.ms / 1000).toFixed(1)} s (sync ${(s.syncMs / 1000).toFixed(1)} s)`);
}

export interface ServerRun {
  readonly label: string;
  readonly importSeconds: Record<string, number>;
  readonly queries: QueryResult[];
  readonly exports: ExportResult[];
  readonly peakRssMb: number;
  readonly cpuSeconds: number;
  /** ROUND_TRIP, timed in the same rounds. */
  readonly roundTrip?: QueryResult;
  readonly concurrency?: ConcurrencyResult;
}

interface Started {
  readonly label: string;
  readonly server: BenchServer;
  readonly client: BenchClient;
  readonly importSeconds: Record<string, number>;
  stopped?: boolean;
}

async function startServer(dir: string, label: string, o: RunOptions, tables: readonly BenchTable[]): Promise<Started> {
  const server = await BenchServer.start(label, dir, o.env);
  const client = new BenchClient(server.port);
  const started = { label, server, client, importSeconds: {} as Record<string, number> };
  try {
    for (const t of tables) {
      started.importSeconds[t.name] = await client.importCsv(t.name, join(o.data, t.file), t.schema, t.rows, t.timestamp);
      console.log(`${label}: imported ${t.name} in ${started.importSeconds[t.name].toFixed(2)} s`);
    }
    return started;
  } catch (e) {
    await stopServer(started);
    throw e;
  }
}

async function stopServer(s: Started): Promise<void> {
  if (s.stopped) return;
  s.stopped = true;
  s.client.close();
  await s.server.stop();
}

/** The rounds of `queries` (and the round trip) on the started servers, timed together; each server's results. */
async function timeServers(started: readonly Started[], o: RunOptions, queries: readonly BenchQuery[]): Promise<QueryResult[][]> {
  const own = [...queries, ROUND_TRIP];
  const joint = jointQueries(started.length, own);
  const cycle = new VariantCycle();
  const timed = await timeRounds({
    queries: joint, runs: o.runs, interleave: o.interleave, warmups: o.warmups, minMs: o.minSeconds * 1000,
    first: (j) => fingerprintAll(j.query, 'q', async (sql) => (await started[j.server].client.exec(sql)).dataset),
    run: (j) => started[j.server].client.exec(cycle.text(j.query, 'q', j.id)),
  });
  return splitResults(started.length, own, timed);
}

/** After the timed queries: the exports, peak RSS and CPU; stops the server. */
async function finishServer(s: Started, o: RunOptions, tables: readonly BenchTable[], timed: readonly QueryResult[]): Promise<ServerRun> {
  try {
    const exports = o.exports ? await runExports(s.client, tables.map((t) => ({ name: t.name, rows: t.rows }))) : [];
    const queries = timed.filter((r) => r.id !== ROUND_TRIP.id);
    const roundTrip = timed.find((r) => r.id === ROUND_TRIP.id);
    const concurrency = o.concurrency ? await o.concurrency(s.server.port) : undefined;
    return { label: s.label, importSeconds: s.importSeconds, queries, exports, peakRssMb: s.server.peakRssMb(), cpuSeconds: s.server.cpuSeconds(), roundTrip, concurrency };
  } finally {
    await stopServer(s);
  }
}

/**
 * The servers at `group` (indexes into `o.servers`): each started and loaded in that order, then all timed in
 * the same rounds, then finished; on a failure every one still running is stopped.
 */
async function runGroup(o: RunOptions, labels: readonly string[], group: readonly number[], tables: readonly BenchTable[], queries: readonly BenchQuery[]): Promise<ServerRun[]> {
  const started: Started[] = [];
  try {
    for (const i of group) {
      if (o.settle) await quiet('before the server');
      started.push(await startServer(o.servers[i], labels[i], o, tables));
    }
    if (o.settle) await quiet(started.length === 1 ? started[0].label : `${started.length} servers`);
    const timed = await timeServers(started, o, queries);
    const runs: ServerRun[] = [];
    for (let k = 0; k < started.length; k++) runs.push(await finishServer(started[k], o, tables, timed[k]));
    return runs;
  } catch (e) {
    await Promise.all(started.map(async (s) => stopServer(s).catch(() => undefined)));
    throw e;
  }
}

/** One server after another (`order`: indexes into `o.servers`), each loaded, settled and timed on its own; results in the servers' order. */
export async function runInTurn(o: RunOptions, labels: readonly string[], order: readonly number[], tables: readonly BenchTable[], queries: readonly BenchQuery[]): Promise<ServerRun[]> {
  const runs: ServerRun[] = new Array(o.servers.length);
  for (const i of order) [runs[i]] = await runGroup(o, labels, [i], tables, queries);
  return runs;
}

/** Every server loaded (in `order`), then all timed in the same rounds (bench-together.ts); results in the servers' order. */
export async function runTogether(o: RunOptions, labels: readonly string[], order: readonly number[], tables: readonly BenchTable[], queries: readonly BenchQuery[]): Promise<ServerRun[]> {
  const inOrder = await runGroup(o, labels, order, tables, queries);
  const runs: ServerRun[] = new Array(o.servers.length);
  order.forEach((i, k) => { runs[i] = inOrder[k]; });
  return runs;
}
