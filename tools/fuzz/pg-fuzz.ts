/**
 * The PostgreSQL message fuzzer: `npm run fuzz:pg -- --seed N --messages N [--concurrency 4]
 * [--max-stall-ms 2000] [--max-rss-growth-mb 256]`. It starts the server as a child process on a
 * temporary root (ephemeral ports on 127.0.0.1), creates a table, then sends `--messages` generated
 * inputs over several connections at once (pg-fuzz-session.ts: start-up packets, session messages,
 * binary parameters, COPY data, cut connections) while another connection runs `select 1` every 100 ms.
 * It checks that the server never exits, never answers XX000 and logs no Critical line, that the
 * `select 1` never waits longer than `--max-stall-ms`, and that RSS grew by less than
 * `--max-rss-growth-mb`; the last line is the summary, and the exit code is 1 when a check failed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { PROJECT_DIR } from '../../core/project';
import { ServerProcess } from '../../features/support/server-process';
import { SETUP_SQL } from './pg-fuzz-messages';
import { FuzzCounters, fuzzConnection } from './pg-fuzz-session';
import { SeededRandom } from './seeded-random';

interface Options { seed: number; messages: number; concurrency: number; maxStallMs: number; maxRssGrowthMb: number }

function options(argv: readonly string[]): Options {
  const o: Options = { seed: 1, messages: 10_000, concurrency: 4, maxStallMs: 2000, maxRssGrowthMb: 256 };
  const names: Record<string, keyof Options> = { '--seed': 'seed', '--messages': 'messages', '--concurrency': 'concurrency', '--max-stall-ms': 'maxStallMs', '--max-rss-growth-mb': 'maxRssGrowthMb' };
  for (let i = 0; i < argv.length; i += 2) {
    const key = names[argv[i]];
    const value = Number(argv[i + 1]);
    if (!key || !Number.isFinite(value)) throw new Error(`usage: pg-fuzz [--seed N] [--messages N] [--concurrency N] [--max-stall-ms N] [--max-rss-growth-mb N] (got ${argv[i]})`);
    o[key] = value;
  }
  return o;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** `select 1` on its own connection every 100 ms; the longest answer time. */
function probe(port: number, stop: () => boolean): Promise<number> {
  return (async () => {
    const c = new Client({ host: '127.0.0.1', port, user: 'admin', password: 'quest', database: 'qdb' });
    c.on('error', () => undefined);
    await c.connect();
    let longest = 0;
    while (!stop()) {
      const t0 = performance.now();
      await c.query('select 1');
      longest = Math.max(longest, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
    await c.end().catch(() => undefined);
    return longest;
  })();
}

async function main(): Promise<number> {
  const o = options(process.argv.slice(2));
  const root = mkdtempSync(join(tmpdir(), 'svc-pg-fuzz-'));
  const env = {
    ...process.env, SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0', SVC_PG_NET_BIND_TO: '127.0.0.1:0',
    SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0', SVC_PG_NET_STARTUP_TIMEOUT: '2s', SVC_QUERY_TIMEOUT: '10s', SVC_CAIRO_WRITER_ACQUIRE_TIMEOUT: '200ms',
  };
  const server = new ServerProcess(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', root], env);
  const started = performance.now();
  try {
    await server.waitReady();
    const port = server.ports.get('pg wire server');
    if (port === undefined) throw new Error(`the server announced no PostgreSQL port:\n${server.output}`);
    const setup = new Client({ host: '127.0.0.1', port, user: 'admin', password: 'quest', database: 'qdb' });
    await setup.connect();
    await setup.query(SETUP_SQL);
    await setup.end();
    const pid = server.child.pid as number;
    const rssBefore = rssMb(pid);
    const counters: FuzzCounters = { inputs: 0, sessions: 0, cut: 0, closedByServer: 0, codes: new Map() };
    let internal = 0;
    let fuzzerErrors = 0;
    let firstFuzzerError: string | undefined;
    let done = false;
    const longest = probe(port, () => done || !server.running);
    const more = (): boolean => counters.inputs < o.messages && server.running;
    const progress = setInterval(() => console.log(`… ${counters.inputs} inputs, ${counters.sessions} connections, ${((performance.now() - started) / 1000).toFixed(0)} s`), 30_000);
    await Promise.all(Array.from({ length: o.concurrency }, async (_x, lane) => {
      const r = new SeededRandom(o.seed * 1000 + lane);
      while (more()) {
        internal += await fuzzConnection('127.0.0.1', port, r, counters, more).catch((e: unknown) => {
          // A connection refused or reset is the server's right; anything else is the fuzzer's own fault.
          const code = (e as { code?: string }).code;
          if (code !== 'ECONNREFUSED' && code !== 'ECONNRESET' && code !== 'EPIPE') { fuzzerErrors++; firstFuzzerError ??= e instanceof Error ? e.stack ?? e.message : String(e); }
          return 0;
        });
      }
    }));
    done = true;
    clearInterval(progress);
    const stall = await longest.catch(() => Infinity);
    await new Promise((r) => setTimeout(r, 500));
    const crashed = !server.running;
    const rssAfter = crashed ? NaN : rssMb(pid);
    const critical = (server.output.match(/^\S+ C /gm) ?? []).length;
    const codes = [...counters.codes].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c}=${n}`).join(' ');
    console.log(`seed ${o.seed}, ${counters.sessions} connections (${counters.cut} cut by the fuzzer, ${counters.closedByServer} closed by the server), ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(`SQLSTATEs: ${codes}`);
    if (crashed) console.log(`the server exited:\n${server.output.slice(-4000)}`);
    if (firstFuzzerError) console.log(`the fuzzer itself failed ${fuzzerErrors} times; first:\n${firstFuzzerError}`);
    if (critical > 0) console.log(server.output.split('\n').filter((l) => / C /.test(l.slice(0, 40))).slice(0, 20).join('\n'));
    const growth = rssAfter - rssBefore;
    const failed = crashed || internal > 0 || critical > 0 || stall > o.maxStallMs || !(growth < o.maxRssGrowthMb) || fuzzerErrors > 0;
    console.log(`${counters.inputs} inputs, ${crashed ? 1 : 0} crashes, ${internal} internal errors (XX000), ${critical} Critical log lines, `
      + `longest select 1 ${Math.round(stall)} ms, RSS ${rssBefore} MB before, ${Number.isNaN(rssAfter) ? '?' : rssAfter} MB after${failed ? ' — FAILED' : ''}`);
    return failed ? 1 : 0;
  } finally {
    await server.kill();
    rmSync(root, { recursive: true, force: true });
  }
}

main().then((code) => { process.exitCode = code; }, (e: unknown) => { console.error(e instanceof Error ? e.stack : String(e)); process.exitCode = 2; });
