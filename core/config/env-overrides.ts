/**
 * Environment names of configuration keys. `SVC_` + the key upper-cased with `.`
 * replaced by `_`; hyphens stay and camelCase is simply upper-cased
 * (`http.keep-alive.max` → `SVC_HTTP_KEEP-ALIVE_MAX`). log.conf keys use `SVC_LOG_`.
 */
export const SERVER_ENV_PREFIX = 'SVC_';
export const LOG_ENV_PREFIX = 'SVC_LOG_';

export function envName(key: string, prefix: string = SERVER_ENV_PREFIX): string {
  return prefix + key.toUpperCase().replace(/\./g, '_');
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** The value the environment gives a key, if any. */
export function envOverride(env: Environment, key: string, prefix: string = SERVER_ENV_PREFIX): string | undefined {
  return env[envName(key, prefix)];
}
