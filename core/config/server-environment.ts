/**
 * The environment as the server reads it: QuestDB's `QDB_` names translated to `SVC_` ones
 * (questdb-env.ts), and the notes start-up logs about it at Advisory level: which `QDB_` variables
 * were accepted as which key, which were ignored because the `SVC_` name is set too, and which
 * `SVC_` variables no key reads (with the nearest known name). `SVC_LOG_` variables are checked by the
 * log set-up, which knows the writers' keys.
 */
import { ConfigKey } from './config-key';
import { Environment, LOG_ENV_PREFIX, SERVER_ENV_PREFIX } from './env-overrides';
import { translateQuestDbEnv } from './questdb-env';
import { SERVER_KEYS } from './server-keys';
import { keyEnvNames, PROCESS_ENV_NAMES, unknownEnvNotes } from './unknown-env';

export interface PreparedEnvironment {
  readonly env: Environment;
  /** `SVC_…` → the `QDB_…` variable it came from. */
  readonly origins: ReadonlyMap<string, string>;
  readonly notes: readonly string[];
}

export function prepareEnvironment(raw: Environment, keys: readonly ConfigKey<unknown>[] = SERVER_KEYS): PreparedEnvironment {
  const { env, origins, shadowed } = translateQuestDbEnv(raw);
  const known = keyEnvNames(keys);
  for (const name of PROCESS_ENV_NAMES) known.set(name, 'process setting');
  const notes: string[] = [];
  for (const [svcName, qdbName] of origins) {
    const key = known.get(svcName);
    if (key !== undefined) notes.push(`QuestDB variable ${qdbName} accepted as ${svcName} (${key})`);
    else if (svcName.startsWith(LOG_ENV_PREFIX)) notes.push(`QuestDB variable ${qdbName} accepted as ${svcName} (log.conf)`);
  }
  for (const qdbName of shadowed) {
    const svcName = SERVER_ENV_PREFIX + qdbName.slice(qdbName.indexOf('_') + 1);
    notes.push(`QuestDB variable ${qdbName} ignored: ${svcName} is set too, and the SVC_ name wins`);
  }
  notes.push(...unknownEnvNotes(env, { prefix: SERVER_ENV_PREFIX, exceptPrefix: LOG_ENV_PREFIX, known, origins }));
  return { env, origins, notes };
}
