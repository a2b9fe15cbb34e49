/**
 * `npm test` after the build: every `*.test.js` under dist/ with node:test, then the Cucumber features,
 * in this process. Ends with one line `N passed, N failed` (unit tests and scenarios together) and
 * exits 1 if anything failed or if no scenario ran.
 *
 * Options: `--unit-only`, `--features-only`, `--name <regex>` (node:test name filter), and
 * feature paths/globs after `--` (e.g. `-- features/health.feature`).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { PROJECT_DIR } from '../core/project';

interface Counts { passed: number; failed: number; failedNames: string[] }

function findTests(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findTests(p, out);
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

async function runUnitTests(namePattern: string | undefined): Promise<Counts> {
  const dist = join(PROJECT_DIR, 'dist');
  const files = ['core', 'plugins', 'tools'].flatMap((d) => {
    try { return findTests(join(dist, d)); } catch { return []; }
  }).sort();
  const counts: Counts = { passed: 0, failed: 0, failedNames: [] };
  if (files.length === 0) return counts;
  const stream = run({ files, concurrency: 2, testNamePatterns: namePattern ? [namePattern] : undefined });
  stream.on('test:pass', (d) => { if (d.details.type !== 'suite') counts.passed++; });
  stream.on('test:fail', (d) => {
    if (d.details.type === 'suite') return;
    counts.failed++;
    counts.failedNames.push(`${d.file ? relative(PROJECT_DIR, d.file) + ': ' : ''}${d.name}`);
  });
  await new Promise<void>((resolve, reject) => {
    const out = stream.compose(new spec());
    out.on('data', (chunk: string | Buffer) => process.stdout.write(chunk));
    out.on('end', resolve);
    out.on('error', reject);
  });
  return counts;
}

async function runFeatures(paths: readonly string[]): Promise<Counts & { scenarios: number }> {
  // Cucumber is ESM-aware CJS; load it lazily so unit-only runs do not pay for it.
  const api = await import('@cucumber/cucumber/api');
  const { runConfiguration } = await api.loadConfiguration({
    provided: {
      paths: paths.length > 0 ? [...paths] : ['features/**/*.feature'],
      require: ['dist/features/**/*.js'],
      format: ['progress'],
      strict: true,
    },
  }, { cwd: PROJECT_DIR });
  const stepStatus = new Map<string, string>();
  const names = new Map<string, string>();
  const pickleOfCase = new Map<string, string>();
  const caseOfStarted = new Map<string, string>();
  const counts = { passed: 0, failed: 0, failedNames: [] as string[], scenarios: 0 };
  await api.runCucumber(runConfiguration, { cwd: PROJECT_DIR }, (m) => {
    if (m.pickle) names.set(m.pickle.id, `${relative(PROJECT_DIR, m.pickle.uri)}: ${m.pickle.name}`);
    if (m.testCase) pickleOfCase.set(m.testCase.id, m.testCase.pickleId);
    if (m.testCaseStarted) { caseOfStarted.set(m.testCaseStarted.id, m.testCaseStarted.testCaseId); stepStatus.set(m.testCaseStarted.id, 'PASSED'); }
    if (m.testStepFinished) {
      const s = m.testStepFinished.testStepResult.status;
      const id = m.testStepFinished.testCaseStartedId;
      if (s !== 'PASSED' && stepStatus.get(id) === 'PASSED') stepStatus.set(id, s);
    }
    if (m.testCaseFinished && !m.testCaseFinished.willBeRetried) {
      const id = m.testCaseFinished.testCaseStartedId;
      counts.scenarios++;
      if (stepStatus.get(id) === 'PASSED') counts.passed++;
      else {
        counts.failed++;
        const pickle = pickleOfCase.get(caseOfStarted.get(id) ?? '') ?? '';
        counts.failedNames.push(`${names.get(pickle) ?? id} (${stepStatus.get(id)})`);
      }
    }
  });
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
  const features = unitOnly ? { passed: 0, failed: 0, failedNames: [], scenarios: -1 } : await runFeatures(featurePaths);
  const failedNames = [...unit.failedNames, ...features.failedNames];
  let failed = unit.failed + features.failed;
  process.stdout.write('\n');
  if (features.scenarios === 0) {
    process.stdout.write('no Cucumber scenario ran: counted as a failure\n');
    failed++;
  }
  if (failedNames.length > 0) process.stdout.write(`failed:\n${failedNames.map((n) => `  - ${n}`).join('\n')}\n`);
  process.stdout.write(`unit tests: ${unit.passed} passed, ${unit.failed} failed; scenarios: ${features.passed} passed, ${features.failed} failed\n`);
  process.stdout.write(`${unit.passed + features.passed} passed, ${failed} failed\n`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((e) => {
  process.stdout.write(`test runner failed: ${e instanceof Error ? e.stack : String(e)}\n0 passed, 1 failed\n`);
  process.exitCode = 1;
});
