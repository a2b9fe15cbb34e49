/**
 * The line-protocol fuzzer: `npm run fuzz:ilp -- --seed N --lines N [--workers N] [--max-stall-ms N]
 * [--max-rss-growth-mb N]`. It starts the real server as a child process and sends, from several workers at
 * once, over HTTP (/write, plain, gzip, cut into small chunks, any `precision`) and TCP: checked lines (valid
 * rows of every kind, text and v2 binary doubles and arrays, sometimes with one invalid line) and chaos
 * (mutated lines, random bytes, lying binary shapes, overflowing numbers, column storms; ilp/ilp-chaos.ts).
 * It checks that no request gets a 5xx, the server never dies or logs an unhandled error, `select 1` is
 * answered within `--max-stall-ms` (1000) all along, RSS grows by less than `--max-rss-growth-mb` (512),
 * and, differentially, that every acknowledged row reads back exactly as written and nothing else is there
 * (ilp/ilp-verify.ts). The last line is the summary; the exit code is 1 when anything failed.
 */
import { FuzzState, httpChaos, httpChecked, tcpChaos, tcpChecked } from './ilp/ilp-actions';
import { IlpRandom } from './ilp/ilp-random';
import { encodeRow, schemaRow } from './ilp/ilp-rows';
import { IlpTarget } from './ilp/ilp-target';
import { verifyTables } from './ilp/ilp-verify';

export interface FuzzOptions {
  readonly seed: number;
  readonly lines: number;
  readonly workers?: number;
  readonly maxStallMs?: number;
  readonly maxRssGrowthMb?: number;
}

export interface FuzzReport {
  readonly lines: number;
  readonly requests: number;
  readonly http5xx: number;
  readonly crashed: boolean;
  readonly unhandledErrors: number;
  readonly longestSelect1Ms: number;
  readonly rssBeforeMb: number;
  readonly rssAfterMb: number;
  readonly rowsChecked: number;
  readonly mismatches: readonly string[];
  readonly findings: readonly { readonly what: string; readonly input: string }[];
  readonly seconds: number;
  readonly failed: boolean;
}

const TABLES = ['fzcheck_a', 'fzcheck_b', 'fzcheck_c'];
const ACTIONS = [httpChecked, httpChecked, httpChecked, tcpChecked, tcpChecked, httpChaos, httpChaos, httpChaos, tcpChaos];

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const target = await IlpTarget.start({});
  try {
    const rnd = new IlpRandom(options.seed);
    const state = new FuzzState(TABLES);
    // Each checked table starts with every column, so later lines may leave any out or leave it empty.
    for (const [k, table] of TABLES.entries()) {
      const row = schemaRow(k);
      const answer = await target.write(encodeRow(rnd, table, row));
      if (answer.status !== 204) throw new Error(`the schema line of ${table} was refused: ${answer.body}`);
      state.acknowledge(table, [row]);
    }
    const rssBeforeMb = target.rssMb();
    const watchdog = target.watchdog();
    await Promise.all(Array.from({ length: options.workers ?? 4 }, async () => {
      const own = rnd.fork();
      while (state.lines < options.lines && target.server.running) await own.pick(ACTIONS)(own, state, target);
    }));
    target.stopWatchdog();
    await watchdog;
    const crashed = !target.server.running;
    const unhandledErrors = crashed ? 0 : await target.unhandledErrors();
    const rssAfterMb = target.rssMb();
    const mismatches = crashed ? [] : await verifyTables(target, state.model);
    const problems = [...mismatches, ...state.findings.filter((f) => !f.what.startsWith('HTTP 5')).map((f) => f.what)];
    const report: FuzzReport = {
      lines: state.lines, requests: state.requests, http5xx: state.http5xx, crashed, unhandledErrors,
      longestSelect1Ms: target.longestSelect1, rssBeforeMb, rssAfterMb,
      rowsChecked: [...state.model.values()].reduce((n, m) => n + m.size, 0), mismatches: problems, findings: state.findings,
      seconds: (Date.now() - started) / 1000, failed: false,
    };
    const failed = report.http5xx > 0 || crashed || unhandledErrors > 0 || problems.length > 0
      || report.longestSelect1Ms > (options.maxStallMs ?? 1000) || rssAfterMb - rssBeforeMb > (options.maxRssGrowthMb ?? 512);
    return { ...report, failed };
  } finally {
    await target.stop();
  }
}

/** The summary line: inputs, 5xx, crashes, unhandled errors, mismatches, the longest stall, RSS. */
export function summary(r: FuzzReport): string {
  return `${r.lines} lines, ${r.requests} requests, ${r.http5xx} 5xx, ${r.crashed ? 1 : 0} crashes, ${r.unhandledErrors} unhandled errors, `
    + `${r.mismatches.length} mismatches (${r.rowsChecked} rows checked), longest select 1: ${r.longestSelect1Ms} ms, `
    + `RSS ${r.rssBeforeMb.toFixed(0)} -> ${r.rssAfterMb.toFixed(0)} MB, ${r.seconds.toFixed(1)} s`;
}

function argument(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isFinite(v)) throw new Error(`--${name} needs a number`);
  return v;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // Ctrl-C: exit through 'exit', where the server child is killed.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const report = await runFuzz({
    seed: argument(args, 'seed', Date.now() % 1_000_000), lines: argument(args, 'lines', 20_000), workers: argument(args, 'workers', 4),
    maxStallMs: argument(args, 'max-stall-ms', 1000), maxRssGrowthMb: argument(args, 'max-rss-growth-mb', 512),
  });
  for (const f of report.findings) process.stdout.write(`finding: ${f.what}\n  input (base64): ${f.input.slice(0, 2000)}\n`);
  for (const m of report.mismatches) process.stdout.write(`mismatch: ${m}\n`);
  process.stdout.write(`${summary(report)}\n`);
  process.exitCode = report.failed ? 1 : 0;
}

if (require.main === module) void main();
