/**
 * Against a running server (`svc-accept --base`), scenarios with a step that needs the server's root,
 * environment, log or process (features/support/local-only.ts) are refused before anything of them runs:
 * a dry run tells which step definitions every scenario uses.
 */
import type { Envelope } from '@cucumber/messages';
import { LOCAL_NEEDS, localNeedOf } from '../features/support/local-needs';
import { featurePath, PreparedRun } from './feature-run';
import { stepDefinitionsOf } from './step-definitions';

export interface Refusal {
  /** `<feature path>: <scenario name>`. */
  readonly scenario: string;
  readonly reason: string;
}

export interface RemotePlan {
  /** `uri:line` of every scenario that may run. */
  readonly runnable: readonly string[];
  readonly refused: readonly Refusal[];
}

export function planRemoteRun(prepared: PreparedRun, messages: readonly Envelope[]): RemotePlan {
  const needs = new Map<string, string>();
  for (const d of stepDefinitionsOf(prepared.support)) {
    const need = localNeedOf(d.options);
    if (need !== undefined) needs.set(d.id, LOCAL_NEEDS[need]);
  }
  const pickles = new Map(messages.flatMap((m) => (m.pickle ? [[m.pickle.id, m.pickle] as const] : [])));
  const runnable: string[] = [];
  const refused: Refusal[] = [];
  for (const m of messages) {
    const testCase = m.testCase;
    if (!testCase) continue;
    const pickle = pickles.get(testCase.pickleId);
    if (!pickle) continue;
    let reason: string | undefined;
    for (const step of testCase.testSteps) {
      const need = (step.stepDefinitionIds ?? []).map((id) => needs.get(id)).find((n) => n !== undefined);
      if (need === undefined) continue;
      const text = pickle.steps.find((s) => s.id === step.pickleStepId)?.text ?? '';
      reason = `step "${text}" needs ${need}`;
      break;
    }
    const name = `${featurePath(pickle.uri)}: ${pickle.name}`;
    if (reason !== undefined) refused.push({ scenario: name, reason });
    else runnable.push(`${pickle.uri}:${pickle.location?.line ?? 0}`);
  }
  return { runnable, refused };
}
