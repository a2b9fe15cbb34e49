/**
 * The bench's servers through a pass: each started on a fresh root and loaded by /imp, its queries timed
 * (bench-rounds.ts), then its exports, peak RSS and CPU taken and the server stopped. In turn (the default),
 * one server after another, each settled and timed on its own; together (`--together`), every server loaded
 * first and all timed in the same rounds (bench-together.ts).
 */
import { join } from 'node:path';
import { runExports, ExportResult } from './bench-export';
import { BenchClient } from './bench-http';
import { BenchQuery, fingerprint, ROUND_TRIP, SCHEMAS } from './bench-queries';
import { DatasetMeta } from './bench-datasets';
import { BenchServer } from './bench-server';
import { QueryResult, timeRounds } from './bench-rounds';
import { settle } from './bench-settle';
import { jointQueries, splitResults } from './bench-together';

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
}

interface Started {
  readonly label: string;
  readonly server: BenchServer;
  readonly client: BenchClient;
  readonly importSeconds: Record<string, number>;
  stopped?: boolean;
}

async function startServer(dir: string, label: string, o: RunOptions, metas: readonly DatasetMeta[]): Promise<Started> {
  const server = await BenchServer.start(label, dir, o.env);
  const client = new BenchClient(server.port);
  const started = { label, server, client, importSeconds: {} as Record<string, number> };
  try {
    for (const m of metas) {
      started.importSeconds[m.dataset] = await client.importCsv(m.dataset, join(o.data, m.file), SCHEMAS[m.dataset], m.rows);
      console.log(`${label}: imported ${m.dataset} in ${started.importSeconds[m.dataset].toFixed(2)} s`);
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
  const timed = await timeRounds({
    queries: joint, runs: o.runs, interleave: o.interleave, warmups: o.warmups, minMs: o.minSeconds * 1000,
    first: async (j) => fingerprint((await started[j.server].client.exec(j.query.q)).dataset, j.query.ordered),
    run: (j) => started[j.server].client.exec(j.query.q),
  });
  return splitResults(started.length, own, timed);
}

/** After the timed queries: the exports, peak RSS and CPU; stops the server. */
async function finishServer(s: Started, o: RunOptions, metas: readonly DatasetMeta[], timed: readonly QueryResult[]): Promise<ServerRun> {
  try {
    const exports = o.exports ? await runExports(s.client, metas.map((m) => ({ name: m.dataset, rows: m.rows }))) : [];
    const queries = timed.filter((r) => r.id !== ROUND_TRIP.id);
    const roundTrip = timed.find((r) => r.id === ROUND_TRIP.id);
    return { label: s.label, importSeconds: s.importSeconds, queries, exports, peakRssMb: s.server.peakRssMb(), cpuSeconds: s.server.cpuSeconds(), roundTrip };
  } finally {
    await stopServer(s);
  }
}

/**
 * The servers at `group` (indexes into `o.servers`): each started and loaded in that order, then all timed in
 * the same rounds, then finished; on a failure every one still running is stopped.
 */
async function runGroup(o: RunOptions, labels: readonly string[], group: readonly number[], metas: readonly DatasetMeta[], queries: readonly BenchQuery[]): Promise<ServerRun[]> {
  const started: Started[] = [];
  try {
    for (const i of group) {
      if (o.settle) await quiet('before the server');
      started.push(await startServer(o.servers[i], labels[i], o, metas));
    }
    if (o.settle) await quiet(started.length === 1 ? started[0].label : `${started.length} servers`);
    const timed = await timeServers(started, o, queries);
    const runs: ServerRun[] = [];
    for (let k = 0; k < started.length; k++) runs.push(await finishServer(started[k], o, metas, timed[k]));
    return runs;
  } catch (e) {
    await Promise.all(started.map(async (s) => stopServer(s).catch(() => undefined)));
    throw e;
  }
}

/** One server after another (`order`: indexes into `o.servers`), each loaded, settled and timed on its own; results in the servers' order. */
export async function runInTurn(o: RunOptions, labels: readonly string[], order: readonly number[], metas: readonly DatasetMeta[], queries: readonly BenchQuery[]): Promise<ServerRun[]> {
  const runs: ServerRun[] = new Array(o.servers.length);
  for (const i of order) [runs[i]] = await runGroup(o, labels, [i], metas, queries);
  return runs;
}

/** Every server loaded (in `order`), then all timed in the same rounds (bench-together.ts); results in the servers' order. */
export async function runTogether(o: RunOptions, labels: readonly string[], order: readonly number[], metas: readonly DatasetMeta[], queries: readonly BenchQuery[]): Promise<ServerRun[]> {
  const inOrder = await runGroup(o, labels, order, metas, queries);
  const runs: ServerRun[] = new Array(o.servers.length);
  order.forEach((i, k) => { runs[i] = inOrder[k]; });
  return runs;
}
