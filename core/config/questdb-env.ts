/**
 * QuestDB's environment names, so a migrated deployment (a compose file, a systemd unit) keeps its
 * settings: QuestDB names every key `QDB_` + the key upper-cased with `.` → `_`, exactly as svc does
 * with `SVC_`, so `QDB_<REST>` is read as `SVC_<REST>` (server.conf keys and `QDB_LOG_…` log.conf keys
 * alike). When both are set, the `SVC_` variable wins. server-environment.ts reports each one, since an
 * operator should know which names the server actually read.
 */
import { Environment, SERVER_ENV_PREFIX } from './env-overrides';

export const QUESTDB_ENV_PREFIX = 'QDB_';

export interface TranslatedEnvironment {
  /** The environment with every `QDB_` variable also present under its `SVC_` name (unless already set). */
  readonly env: Environment;
  /** `SVC_HTTP_USER` → `QDB_HTTP_USER` for the variables that came from a QuestDB name. */
  readonly origins: ReadonlyMap<string, string>;
  /** `QDB_` variables left out because their `SVC_` name is set too. */
  readonly shadowed: readonly string[];
}

export function translateQuestDbEnv(env: Environment): TranslatedEnvironment {
  const out: Record<string, string | undefined> = { ...env };
  const origins = new Map<string, string>();
  const shadowed: string[] = [];
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (!name.startsWith(QUESTDB_ENV_PREFIX) || value === undefined) continue;
    const svcName = SERVER_ENV_PREFIX + name.slice(QUESTDB_ENV_PREFIX.length);
    if (env[svcName] !== undefined) {
      shadowed.push(name);
      continue;
    }
    out[svcName] = value;
    origins.set(svcName, name);
  }
  return { env: out, origins, shadowed };
}
