/**
 * `npm test` after the build: every `*.test.js` under dist/ with node:test, then the Cucumber features,
 * in this process. Ends with one line `N passed, N failed` (unit tests and scenarios together) and
 * exits 1 if anything failed or if no scenario ran.
 *
 * Options: `--unit-only`, `--features-only`, `--name <regex>` (node:test name filter), and
 * feature paths/globs after `--` (e.g. `-- features/health.feature`).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { PROJECT_DIR } from '../core/project';
import { Counts, prepareRun, runFeatures, summary } from './feature-run';
import { StallWatchdog } from './stall-watchdog';

/** No unit test finishing for this long means one hangs (the slowest single test takes well under a minute; env SVC_TEST_STALL_MS). */
const STALL_MS = Number(process.env.SVC_TEST_STALL_MS) || 5 * 60_000;


/** Compiled tests whose source still exists (a test deleted or renamed in the tree leaves a stale copy in dist/). */
function findTests(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findTests(p, out);
    else if (name.endsWith('.test.js') && existsSync(sourceOf(p))) out.push(p);
  }
  return out;
}

function sourceOf(compiled: string): string {
  return join(PROJECT_DIR, relative(join(PROJECT_DIR, 'dist'), compiled)).replace(/\.js$/, '.ts');
}

async function runUnitTests(namePattern: string | undefined): Promise<Counts> {
  const dist = join(PROJECT_DIR, 'dist');
  const files = ['core', 'plugins', 'tools'].flatMap((d) => {
    try { return findTests(join(dist, d)); } catch { return []; }
  }).sort();
  const counts: Counts = { passed: 0, failed: 0, failedNames: [] };
  if (files.length === 0) return counts;
  // A hung test would hold the run until CI's time limit: with no test finished for STALL_MS the unit
  // tests are aborted (each file still running then fails as aborted) and the stall counts as a failure.
  const abort = new AbortController();
  const watchdog = new StallWatchdog(STALL_MS, (idle) => {
    counts.failed++;
    counts.failedNames.push(`no unit test finished for ${Math.round(idle / 1000)} s: the unit tests were stopped`);
    abort.abort();
  });
  const stream = run({ files, concurrency: 2, testNamePatterns: namePattern ? [namePattern] : undefined, signal: abort.signal });
  stream.on('test:pass', (d) => { watchdog.touch(); if (d.details.type !== 'suite') counts.passed++; });
  stream.on('test:fail', (d) => {
    watchdog.touch();
    if (d.details.type === 'suite') return;
    counts.failed++;
    counts.failedNames.push(`${d.file ? relative(PROJECT_DIR, d.file) + ': ' : ''}${d.name}`);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const out = stream.compose(new spec());
      out.on('data', (chunk: string | Buffer) => process.stdout.write(chunk));
      out.on('end', resolve);
      out.on('error', reject);
    });
  } finally {
    watchdog.stop();
  }
  return counts;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf('--');
  const featurePaths = dash >= 0 ? argv.slice(dash + 1) : [];
  const flags = dash >= 0 ? argv.slice(0, dash) : argv;
  const nameIdx = flags.indexOf('--name');
  const namePattern = nameIdx >= 0 ? flags[nameIdx + 1] : undefined;
  const unitOnly = flags.includes('--unit-only');
  const featuresOnly = flags.includes('--features-only') || featurePaths.length > 0;

  const unit = featuresOnly ? { passed: 0, failed: 0, failedNames: [] } : await runUnitTests(namePattern);
  const features = unitOnly ? { passed: 0, failed: 0, failedNames: [], scenarios: -1 } : await runFeatures(await prepareRun({ paths: featurePaths }));
  const total: Counts = {
    passed: unit.passed + features.passed,
    failed: unit.failed + features.failed,
    failedNames: [...unit.failedNames, ...features.failedNames],
  };
  process.stdout.write('\n');
  if (features.scenarios === 0) {
    process.stdout.write('no Cucumber scenario ran: counted as a failure\n');
    total.failed++;
  }
  const detail = `unit tests: ${unit.passed} passed, ${unit.failed} failed; scenarios: ${features.passed} passed, ${features.failed} failed`;
  process.stdout.write(summary(total, detail));
  process.exitCode = total.failed > 0 ? 1 : 0;
}

main().catch((e) => {
  process.stdout.write(`test runner failed: ${e instanceof Error ? e.stack : String(e)}\n0 passed, 1 failed\n`);
  process.exitCode = 1;
});
