/**
 * The multipart /imp fuzzer: `npm run fuzz:multipart -- --seed N --requests N [--concurrency N]
 * [--rss-bound-mb N] [--stall-bound-ms N] [--json]`. It starts the built server (dist/core/cli.js) on a
 * temporary root, builds seed files (multipart-corpus.ts: CSV, NDJSON, Parquet of every codec and page
 * version, arrays, bombs), and sends `requests` mutated uploads (multipart-mutations.ts), `concurrency` at a
 * time, while a second client runs `select 1` every 100 ms and the server's RSS is sampled. It checks that
 * no answer is a 5xx, the server neither crashes nor logs a Critical line, every request is answered (or was
 * cut by the fuzzer), `select 1` never waits longer than the stall bound, the RSS grows by less than its
 * bound, and an upload that failed or was cut leaves no rows. It prints the figures (inputs, statuses,
 * 5xx, crashes, longest stall, RSS before/peak/after) and exits 1 when a check fails. The same seed sends
 * the same requests.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { buildCorpus } from './multipart-corpus';
import { compressedBombs, FuzzRequest, fuzzRequest } from './multipart-mutations';
import { SeededRandom } from './multipart-random';
import { FuzzTarget } from './multipart-target';

export interface FuzzOptions {
  readonly seed: number;
  readonly requests: number;
  readonly concurrency: number;
  readonly rssBoundMb: number;
  readonly stallBoundMs: number;
  /** The server's entry (dist/core/cli.js). */
  readonly cli: string;
  /** Extra environment for the server (server.conf keys as SVC_ variables). */
  readonly env?: Readonly<Record<string, string>>;
  readonly progress?: (line: string) => void;
}

export interface FuzzReport {
  readonly seed: number;
  readonly requests: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly cut: number;
  readonly fiveHundreds: readonly string[];
  readonly hangs: readonly string[];
  readonly crashed: boolean;
  readonly criticals: readonly string[];
  /** Uploads that failed or were cut and still left rows. */
  readonly leftovers: readonly string[];
  readonly longestStallMs: number;
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
  readonly rssAfterMb: number;
  readonly seconds: number;
  readonly failures: readonly string[];
}

const ANSWER_TIMEOUT_MS = 120_000;

interface Sent {
  readonly status: number;
  readonly body: string;
  readonly cut: boolean;
}

function send(port: number, r: FuzzRequest): Promise<Sent> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (s: Sent): void => { if (!settled) { settled = true; resolve(s); } };
    const req = request({ host: '127.0.0.1', port, path: r.path, method: 'POST', agent: false,
      headers: { ...r.headers, 'Content-Length': String(r.body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cut: false }));
      res.on('error', () => done({ status: res.statusCode ?? 0, body: '', cut: r.cutAt !== undefined }));
    });
    req.setTimeout(ANSWER_TIMEOUT_MS, () => { req.destroy(); done({ status: -2, body: 'no answer', cut: false }); });
    req.on('error', (e: NodeJS.ErrnoException) => done({ status: -1, body: e.code ?? e.message, cut: r.cutAt !== undefined }));
    if (r.cutAt === undefined) { req.end(r.body); return; }
    req.write(r.body.subarray(0, r.cutAt), () => setTimeout(() => { req.destroy(); done({ status: 0, body: 'cut', cut: true }); }, 20));
  });
}

function succeeded(r: FuzzRequest, a: Sent): boolean {
  if (a.status !== 200) return false;
  if (r.json) {
    try {
      const parsed: unknown = JSON.parse(a.body);
      return typeof parsed === 'object' && parsed !== null && (parsed as Record<string, unknown>).status === 'OK';
    } catch {
      return false;
    }
  }
  return a.body.includes('Rows imported');
}

export async function runMultipartFuzz(o: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const random = new SeededRandom(o.seed);
  const target = new FuzzTarget(o.cli, o.env);
  const statuses: Record<string, number> = {};
  const fiveHundreds: string[] = [];
  const hangs: string[] = [];
  const leftovers: string[] = [];
  const cutTables: { table: string; description: string }[] = [];
  let longestStallMs = 0;
  let rssPeak = 0;
  let running = true;
  try {
    await target.ready();
    const seeds = await buildCorpus(target.port, random);
    const bombs = compressedBombs();
    const requests = Array.from({ length: o.requests }, (_, i) => fuzzRequest(random, i, seeds, bombs));
    const rssBefore = target.rss();
    rssPeak = rssBefore;
    const probe = (async (): Promise<void> => {
      while (running && target.alive) {
        const t0 = performance.now();
        await target.get('/exec?query=select%201', true);
        longestStallMs = Math.max(longestStallMs, performance.now() - t0);
        rssPeak = Math.max(rssPeak, target.rss());
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    let next = 0;
    let answered = 0;
    const worker = async (): Promise<void> => {
      while (next < requests.length && target.alive) {
        const r = requests[next++];
        const a = await send(target.port, r);
        answered++;
        if (o.progress && answered % 50 === 0) o.progress(`${answered}/${requests.length} answered, longest stall ${longestStallMs.toFixed(0)} ms`);
        const key = a.cut ? 'cut' : String(a.status);
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (a.status >= 500) fiveHundreds.push(`${a.status} ${r.description}: ${a.body.slice(0, 200)}`);
        if (a.status === -2 || (a.status < 0 && !a.cut)) hangs.push(`${a.body} ${r.description}`);
        if (a.cut) { cutTables.push({ table: r.table, description: r.description }); continue; }
        if (!succeeded(r, a) && target.alive) {
          const rows = await target.rowsIn(r.table);
          if (rows > 0) leftovers.push(`${r.table} (${rows} rows) ${r.description}: ${a.body.slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, o.concurrency) }, () => worker()));
    // A cut upload is rolled back once the server notices the disconnect.
    await new Promise((r) => setTimeout(r, 2000));
    for (const { table, description } of cutTables) {
      if (!target.alive) break;
      const rows = await target.rowsIn(table);
      if (rows > 0) leftovers.push(`${table} (${rows} rows, cut) ${description}`);
    }
    running = false;
    await probe;
    const rssAfter = target.rss();
    const criticals = target.criticalLines();
    const crashed = !target.alive;
    const failures: string[] = [];
    if (fiveHundreds.length > 0) failures.push(`${fiveHundreds.length} answers were 5xx`);
    if (crashed) failures.push('the server exited');
    if (criticals.length > 0) failures.push(`${criticals.length} Critical log lines`);
    if (hangs.length > 0) failures.push(`${hangs.length} requests were not answered`);
    if (leftovers.length > 0) failures.push(`${leftovers.length} failed uploads left rows`);
    if (longestStallMs > o.stallBoundMs) failures.push(`select 1 waited ${longestStallMs.toFixed(0)} ms (bound ${o.stallBoundMs} ms)`);
    if (rssPeak - rssBefore > o.rssBoundMb * 1048576) failures.push(`RSS grew by ${((rssPeak - rssBefore) / 1048576).toFixed(0)} MB (bound ${o.rssBoundMb} MB)`);
    return {
      seed: o.seed, requests: o.requests, statuses, cut: cutTables.length, fiveHundreds, hangs, crashed, criticals, leftovers,
      longestStallMs: Math.round(longestStallMs), rssBeforeMb: Math.round(rssBefore / 1048576), rssPeakMb: Math.round(rssPeak / 1048576),
      rssAfterMb: Math.round(rssAfter / 1048576), seconds: Math.round((performance.now() - started) / 100) / 10, failures,
    };
  } finally {
    running = false;
    await target.stop();
  }
}

function option(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isFinite(v)) throw new Error(`--${name} needs a number`);
  return v;
}

async function main(args: readonly string[]): Promise<number> {
  const report = await runMultipartFuzz({
    seed: option(args, 'seed', 1), requests: option(args, 'requests', 500), concurrency: option(args, 'concurrency', 4),
    rssBoundMb: option(args, 'rss-bound-mb', 2048), stallBoundMs: option(args, 'stall-bound-ms', 1500),
    cli: join(__dirname, '..', '..', 'core', 'cli.js'), progress: (line) => process.stderr.write(`${line}\n`),
  });
  if (args.includes('--json')) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    process.stdout.write(`multipart fuzz: seed ${report.seed}, ${report.requests} inputs (${report.cut} cut) in ${report.seconds} s\n`
      + `statuses ${JSON.stringify(report.statuses)}; 5xx ${report.fiveHundreds.length}; crashes ${report.crashed ? 1 : 0}; `
      + `Critical lines ${report.criticals.length}; unanswered ${report.hangs.length}; failed uploads with rows ${report.leftovers.length}\n`
      + `longest select 1 ${report.longestStallMs} ms; RSS before ${report.rssBeforeMb} MB, peak ${report.rssPeakMb} MB, after ${report.rssAfterMb} MB\n`);
    for (const f of [...report.fiveHundreds, ...report.hangs, ...report.criticals, ...report.leftovers].slice(0, 20)) process.stdout.write(`  ${f}\n`);
    process.stdout.write(report.failures.length === 0 ? 'OK\n' : `FAILED: ${report.failures.join('; ')}\n`);
  }
  return report.failures.length === 0 ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    process.exitCode = 2;
  });
}
