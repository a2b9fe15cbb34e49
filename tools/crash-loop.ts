/**
 * The SIGKILL loop (docs/operations.md "Crash safety"): runs the real server as a child process, writes
 * to it from several clients at once (small and large /imp uploads, INSERT … SELECT, two-table commits
 * through StorageEngine.commitTogether), SIGKILLs it at a random moment, restarts it and checks that no
 * acknowledged row is lost and no operation is partly visible. Repeats for `--rounds`.
 *
 *   node dist/tools/crash-loop.js --rounds 200 [--seed 1] [--large 40000] [--max-uncommitted 10000]
 *                                 [--kill-after 300-4000] [--root <dir>]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrashLedger, LedgerStats } from './crash-loop-ledger';
import { startCrashLoopServer } from './crash-loop-server';
import { CREATE_TABLES, rowsByTable, Workload, WorkloadSizes } from './crash-loop-workload';

export interface CrashLoopOptions {
  readonly rounds: number;
  readonly seed: number;
  readonly sizes: WorkloadSizes;
  /** The server's cairo.max.uncommitted.rows: large operations exceed it, so they are staged. */
  readonly maxUncommittedRows: number;
  /** The kill lands uniformly in [lo, hi] ms after the clients start. */
  readonly killAfterMs: readonly [number, number];
  /** Database root (a temporary folder, removed afterwards, when absent). */
  readonly root?: string;
  readonly progress?: (line: string) => void;
}

export interface CrashLoopReport extends LedgerStats {
  readonly rounds: number;
  /** Start-ups whose recovery cut or removed uncommitted data. */
  readonly recoveries: number;
  readonly problems: readonly string[];
  readonly seconds: number;
}

export const DEFAULT_SIZES: WorkloadSizes = { small: 50, large: 40_000, insert: 40_000, multi: 3_000 };

export async function runCrashLoop(options: CrashLoopOptions): Promise<CrashLoopReport> {
  const started = performance.now();
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'svc-crash-loop-'));
  const env = { SVC_CAIRO_MAX_UNCOMMITTED_ROWS: String(options.maxUncommittedRows) };
  const ledger = new CrashLedger();
  const problems: string[] = [];
  let recoveries = 0;
  let seed = options.seed;
  try {
    let server = await startCrashLoopServer(root, env);
    for (const sql of CREATE_TABLES) await fetch(`http://127.0.0.1:${server.port}/exec?query=${encodeURIComponent(sql)}`);
    for (let round = 1; round <= options.rounds; round++) {
      const workload = new Workload(`http://127.0.0.1:${server.port}`, ledger, options.sizes);
      workload.start();
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const [lo, hi] = options.killAfterMs;
      await new Promise((r) => setTimeout(r, lo + (seed % (hi - lo + 1))));
      await server.process.kill();
      await workload.stop();
      server = await startCrashLoopServer(root, env);
      if (/recovered table|completed a commit across tables/.test(server.process.output)) recoveries++;
      const found = ledger.verify(await rowsByTable(`http://127.0.0.1:${server.port}`));
      problems.push(...found.map((p) => `round ${round}: ${p}`));
      options.progress?.(`round ${round}: ${JSON.stringify(ledger.stats.acknowledged)} acknowledged, ${found.length} problems`);
    }
    await server.process.kill();
  } finally {
    if (options.root === undefined) rmSync(root, { recursive: true, force: true });
  }
  return { ...ledger.stats, rounds: options.rounds, recoveries, problems, seconds: (performance.now() - started) / 1000 };
}

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

async function main(): Promise<void> {
  const [lo, hi] = argument('kill-after', '300-4000').split('-').map(Number);
  const large = Number(argument('large', String(DEFAULT_SIZES.large)));
  const report = await runCrashLoop({
    rounds: Number(argument('rounds', '200')),
    seed: Number(argument('seed', '1')),
    sizes: { ...DEFAULT_SIZES, large, insert: large },
    maxUncommittedRows: Number(argument('max-uncommitted', '10000')),
    killAfterMs: [lo, hi],
    root: process.argv.includes('--root') ? argument('root', '') : undefined,
    progress: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.exitCode = report.problems.length === 0 ? 0 : 1;
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(2);
  });
}
