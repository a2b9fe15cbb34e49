/**
 * `npm run fuzz:sql -- --seed N --queries N`: the differential SQL fuzzer (docs/fuzzing.md). Starts this
 * build's server on a temporary root and ephemeral ports, opens embedded DuckDB, and runs random queries on
 * random tables in both, comparing the answers. Options: `--per-world N` queries per set of tables (200),
 * `--repros N` mismatches to minimise (20), `--out FILE` writes the repros there, `--progress N` logs a line
 * every N queries, `--jobs N` keeps N queries in flight (1), `--quiet` prints only the summary. The last line is `N queries, N mismatches`; the exit code is 1 when there is a mismatch.
 */
import { writeFileSync } from 'node:fs';
import { PROJECT_DIR } from '../../core/project';
import { BenchServer } from '../bench/bench-server';
import { QUIET_SERVER } from './quiet-server';
import { DuckRunner } from './sql/duck-runner';
import { FuzzStats, reproText, SqlFuzzer } from './sql/sql-fuzzer';
import { SvcRunner } from './sql/svc-runner';

export interface SqlFuzzArgs {
  readonly seed: number;
  readonly queries: number;
  readonly perWorld: number;
  readonly repros: number;
  readonly out?: string;
  readonly quiet: boolean;
  readonly progress: number;
  readonly jobs?: number;
}

export function parseArgs(argv: readonly string[]): SqlFuzzArgs {
  const value = (name: string, fallback: number): number => {
    const i = argv.indexOf(name);
    if (i < 0) return fallback;
    const n = Number(argv[i + 1]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a non-negative integer, got ${argv[i + 1]}`);
    return n;
  };
  const outAt = argv.indexOf('--out');
  return {
    seed: value('--seed', 1), queries: value('--queries', 1000), perWorld: value('--per-world', 200), repros: value('--repros', 20),
    out: outAt >= 0 ? argv[outAt + 1] : undefined, quiet: argv.includes('--quiet'), progress: value('--progress', 0),
    jobs: value('--jobs', 1),
  };
}

export function summary(stats: FuzzStats, seconds: number): string[] {
  const lines = [`seed run: ${stats.queries} queries in ${seconds.toFixed(1)} s, ${stats.skipped} skipped (DuckDB refused them)`];
  for (const [name, c] of [...stats.constructs].sort()) lines.push(`  ${name.padEnd(10)} ${String(c.queries).padStart(8)} queries ${String(c.mismatches).padStart(6)} mismatches`);
  for (const [sig, n] of [...stats.signatures].sort((a, b) => b[1] - a[1])) lines.push(`  ${String(n).padStart(7)} × ${sig}`);
  for (const [reason, n] of [...stats.skipReasons].sort((a, b) => b[1] - a[1]).slice(0, 10)) lines.push(`  skipped ${String(n).padStart(6)} × ${reason}`);
  lines.push(`${stats.queries} queries, ${stats.mismatches} mismatches`);
  return lines;
}

/** Runs the fuzzer against a fresh server; resolves with its statistics. */
export async function fuzzSql(args: SqlFuzzArgs, log: (line: string) => void): Promise<FuzzStats> {
  let server = await BenchServer.start('svc', PROJECT_DIR, QUIET_SERVER);
  let svc = new SvcRunner('127.0.0.1', server.port);
  // Ctrl-C or a kill ends the server with the run, not after it.
  const onSignal = (): void => { server.kill(); process.exit(130); };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
  const duck = await DuckRunner.open();
  const reconnect = async (): Promise<SvcRunner> => {
    svc.close();
    if (server.alive) {
      // The connection went, not the server: a new client is enough.
      log('the connection to the server was lost; connecting again');
    } else {
      log(`the server stopped (${server.exitStatus()}); its last output:\n${server.output(20_000)}`);
      await server.stop();
      server = await BenchServer.start('svc', PROJECT_DIR, QUIET_SERVER);
    }
    svc = new SvcRunner('127.0.0.1', server.port);
    return svc;
  };
  try {
    const fuzzer = new SqlFuzzer(svc, duck, { seed: args.seed, queries: args.queries, perWorld: args.perWorld, repros: args.repros, progress: args.progress, jobs: args.jobs, log }, reconnect);
    return await fuzzer.run();
  } finally {
    svc.close();
    duck.close();
    await server.stop();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeListener(signal, onSignal);
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const stats = await fuzzSql(args, (line) => { if (!args.quiet) console.log(line); });
  if (args.out) writeFileSync(args.out, stats.repros.map((r, i) => reproText(r, `repro ${i + 1}, seed ${args.seed}`)).join('\n\n') + '\n');
  for (const line of summary(stats, (performance.now() - t0) / 1000)) console.log(line);
  process.exitCode = stats.mismatches > 0 ? 1 : 0;
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exitCode = 2;
  });
}
