/**
 * What the authenticator needs from the configuration, as plain data (the min listener's worker builds
 * its own authenticator from it). Rules: `http.user` and `http.password` both or neither;
 * one without the other stops start-up with QuestDB's message. Tokens come from `http.auth.tokens`,
 * or from the file `http.auth.tokens.file` / `SVC_HTTP_AUTH_TOKENS_FILE` names, which is then watched.
 */
import { ServerConfig } from '../../core/config/server-config';
import { Environment, envName } from '../../core/config/env-overrides';
import { HTTP_AUTH_TOKENS, HTTP_PASSWORD, HTTP_USER } from '../../core/config/server-keys';
import { SvcError } from '../../core/errors';

export interface AuthSettings {
  readonly user?: string;
  readonly password?: string;
  /** Tokens listed inline (`http.auth.tokens` or `SVC_HTTP_AUTH_TOKENS`). */
  readonly tokens: readonly string[];
  /** Absolute path of the token file, when the tokens come from one. */
  readonly tokenFile?: string;
}

export function isAuthSettings(x: unknown): x is AuthSettings {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  const optionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';
  return optionalString(o.user) && optionalString(o.password) && optionalString(o.tokenFile)
    && Array.isArray(o.tokens) && o.tokens.every((t) => typeof t === 'string');
}

export function authEnabled(s: AuthSettings): boolean {
  return s.user !== undefined || s.tokens.length > 0 || s.tokenFile !== undefined;
}

/** Reads and checks the settings; throws SvcError (start-up stops) on a user without password or the reverse. */
export function readAuthSettings(config: ServerConfig, env: Environment, resolvePath: (p: string) => string): AuthSettings {
  const user = nonEmpty(config.get(HTTP_USER));
  const password = nonEmpty(config.get(HTTP_PASSWORD));
  if (user !== undefined && password === undefined) {
    throw new SvcError(`HTTP username is set but password is missing. Use the '${HTTP_PASSWORD.name}' configuration `
      + `property to set a password. [user=${user}]`);
  }
  if (user === undefined && password !== undefined) {
    throw new SvcError(`HTTP password is set but username is missing. Use the '${HTTP_USER.name}' configuration `
      + 'property to set a username.');
  }
  const tokensEntry = config.entries().find((e) => e.key === HTTP_AUTH_TOKENS.name);
  if (tokensEntry?.source === 'file') {
    // Same precedence as ServerConfig: SVC_HTTP_AUTH_TOKENS_FILE, then http.auth.tokens.file in server.conf.
    const path = env[envName(HTTP_AUTH_TOKENS.name) + '_FILE'] ?? config.raw(`${HTTP_AUTH_TOKENS.name}.file`);
    if (path !== undefined) return { user, password, tokens: [], tokenFile: resolvePath(path.trim()) };
  }
  return { user, password, tokens: config.get(HTTP_AUTH_TOKENS) };
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === '' ? undefined : v;
}
