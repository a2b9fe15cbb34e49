/**
 * Runs Cucumber feature files with the project's step definitions (dist/features/**) in this process and
 * counts scenarios: the engine behind `npm test`'s feature part and `svc-accept`.
 */
import { Writable } from 'node:stream';
import { relative, resolve } from 'node:path';
import type { IRunConfiguration, ISupportCodeLibrary } from '@cucumber/cucumber/api';
import type { Envelope } from '@cucumber/messages';
import { PROJECT_DIR } from '../core/project';
import type { TargetParameters } from '../features/support/world-target';

export interface Counts {
  passed: number;
  failed: number;
  failedNames: string[];
}

export interface FeatureCounts extends Counts {
  /** Scenarios that ran (0 means nothing matched). */
  scenarios: number;
}

export interface FeatureRunOptions {
  /** Feature files, directories or globs (absolute or relative to the project); default `features/**`. */
  readonly paths: readonly string[];
  /** A Cucumber tag expression. */
  readonly tags?: string;
  /** Where the World's server comes from (world-target.ts). */
  readonly target?: TargetParameters;
}

export interface PreparedRun {
  readonly configuration: IRunConfiguration;
  readonly support: ISupportCodeLibrary;
}

type CucumberApi = typeof import('@cucumber/cucumber/api');

// Cucumber is ESM-aware CJS; load it lazily so unit-only runs do not pay for it.
function cucumber(): Promise<CucumberApi> {
  return import('@cucumber/cucumber/api');
}

/** Resolves the configuration and loads the step definitions once. */
export async function prepareRun(options: FeatureRunOptions): Promise<PreparedRun> {
  const api = await cucumber();
  const { runConfiguration } = await api.loadConfiguration({
    file: false,
    provided: {
      paths: options.paths.length > 0 ? [...options.paths] : ['features/**/*.feature'],
      require: ['dist/features/**/*.js'],
      format: ['progress'],
      strict: true,
      tags: options.tags ?? '',
      worldParameters: options.target ? { svc: { ...options.target } } : {},
    },
  }, { cwd: PROJECT_DIR });
  const support = await api.loadSupport(runConfiguration, { cwd: PROJECT_DIR });
  return { configuration: runConfiguration, support };
}

/** Every Cucumber message of a dry run (nothing executes): pickles and the step definitions they match. */
export async function dryRun(prepared: PreparedRun): Promise<Envelope[]> {
  const api = await cucumber();
  const messages: Envelope[] = [];
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  await api.runCucumber({ ...prepared.configuration, support: prepared.support, runtime: { ...prepared.configuration.runtime, dryRun: true } },
    { cwd: PROJECT_DIR, stdout: silent }, (m) => { messages.push(m); });
  return messages;
}

/** A feature's path for messages: relative inside the project, absolute outside it. */
export function featurePath(uri: string): string {
  const path = resolve(PROJECT_DIR, uri);
  const inside = relative(PROJECT_DIR, path);
  return inside.startsWith('..') ? path : inside;
}

/** Runs the scenarios (only those at `only`, `uri:line` each, when given) and counts them. */
export async function runFeatures(prepared: PreparedRun, only?: readonly string[]): Promise<FeatureCounts> {
  const api = await cucumber();
  const configuration = only === undefined ? prepared.configuration
    : { ...prepared.configuration, sources: { ...prepared.configuration.sources, paths: [...only] } };
  const stepStatus = new Map<string, string>();
  const names = new Map<string, string>();
  const pickleOfCase = new Map<string, string>();
  const caseOfStarted = new Map<string, string>();
  const counts: FeatureCounts = { passed: 0, failed: 0, failedNames: [], scenarios: 0 };
  await api.runCucumber({ ...configuration, support: prepared.support }, { cwd: PROJECT_DIR }, (m) => {
    if (m.pickle) names.set(m.pickle.id, `${featurePath(m.pickle.uri)}: ${m.pickle.name}`);
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

/** The closing lines: failed names, then `N passed, N failed` alone on the last line. */
export function summary(counts: Counts, detail?: string): string {
  const lines: string[] = [];
  if (counts.failedNames.length > 0) lines.push(`failed:\n${counts.failedNames.map((n) => `  - ${n}`).join('\n')}`);
  if (detail !== undefined) lines.push(detail);
  lines.push(`${counts.passed} passed, ${counts.failed} failed`);
  return lines.join('\n') + '\n';
}
