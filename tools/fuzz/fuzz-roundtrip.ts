/**
 * `npm run fuzz:roundtrip -- --seed N`: the value round-trip fuzzer (docs/fuzzing.md). Starts this build's
 * server on a temporary root and ephemeral ports, writes every type's edge values through every ingest path
 * and reads them back through every output. Options: `--paths a,b` / `--outputs x,y` to run some only,
 * `--all` to list every mismatching cell (else the first 40). The last line is `N values, N mismatches`;
 * the exit code is 1 when there is a mismatch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_DIR } from '../../core/project';
import { BenchServer } from '../bench/bench-server';
import { QUIET_SERVER } from './quiet-server';
import { DuckRunner } from './sql/duck-runner';
import { SvcRunner } from './sql/svc-runner';
import { loadKnownDifferences } from './roundtrip/known-differences';
import { describe, INGEST_PATHS, OUTPUTS, roundTrip, RoundTripStats } from './roundtrip/roundtrip-fuzzer';

export interface RoundTripArgs {
  readonly seed: number;
  readonly paths?: readonly string[];
  readonly outputs?: readonly string[];
  readonly all: boolean;
}

export function parseRoundTripArgs(argv: readonly string[]): RoundTripArgs {
  const at = (name: string): string | undefined => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  const seed = Number(at('--seed') ?? 1);
  if (!Number.isInteger(seed)) throw new Error(`--seed needs an integer, got ${at('--seed')}`);
  return { seed, paths: at('--paths')?.split(','), outputs: at('--outputs')?.split(','), all: argv.includes('--all') };
}

export async function fuzzRoundTrip(args: RoundTripArgs, log: (line: string) => void): Promise<RoundTripStats> {
  const server = await BenchServer.start('svc', PROJECT_DIR, QUIET_SERVER);
  const scratch = mkdtempSync(join(tmpdir(), 'svc-roundtrip-'));
  const svc = new SvcRunner('127.0.0.1', server.port);
  const duck = await DuckRunner.open();
  try {
    const ctx = { host: '127.0.0.1', httpPort: server.port, tcpPort: server.listenerPort('line tcp'), pgPort: server.listenerPort('pg wire'), svc, duck, scratch };
    const paths = INGEST_PATHS.filter((p) => !args.paths || args.paths.includes(p.name));
    const outputs = OUTPUTS.filter((o) => !args.outputs || args.outputs.includes(o.name));
    return await roundTrip(ctx, args.seed, loadKnownDifferences(), paths, outputs, log);
  } finally {
    svc.close();
    duck.close();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function roundTripSummary(stats: RoundTripStats, all: boolean): string[] {
  const lines = [...stats.failures.map((f) => `FAILED ${f}`)];
  const shown = all ? stats.mismatches : stats.mismatches.slice(0, 40);
  for (const m of shown) lines.push(`mismatch ${describe(m, m.kind)}`);
  if (shown.length < stats.mismatches.length) lines.push(`… and ${stats.mismatches.length - shown.length} more (--all lists them)`);
  for (const [k, n] of stats.known) lines.push(`known ${String(n).padStart(5)} × ${[k.path ?? '*', k.output ?? '*', k.type ?? '*'].join(' / ')}: ${k.reason} [${k.owner}]`);
  lines.push(`${stats.notExpressible} values a path cannot express were written as NULL`);
  lines.push(`${stats.cells} values, ${stats.mismatches.length + stats.failures.length} mismatches`);
  return lines;
}

async function main(): Promise<void> {
  const args = parseRoundTripArgs(process.argv.slice(2));
  const stats = await fuzzRoundTrip(args, (line) => console.log(line));
  for (const line of roundTripSummary(stats, args.all)) console.log(line);
  process.exitCode = stats.mismatches.length + stats.failures.length > 0 ? 1 : 0;
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exitCode = 2;
  });
}
