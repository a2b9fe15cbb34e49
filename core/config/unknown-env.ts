/**
 * Environment variables with the server's prefix that no setting reads: a misspelled `SVC_` name
 * would otherwise be ignored in silence. Each one gets a note naming the nearest known variable (by
 * edit distance) and its key, e.g. `SVC_HTTP_NET_BIND` → `SVC_HTTP_NET_BIND_TO (http.net.bind.to)`.
 */
import { closest } from 'fastest-levenshtein';
import { ConfigKey } from './config-key';
import { envName, Environment } from './env-overrides';

/** Variables the process reads besides the keys: `SVC_DEBUG` (Debug on every writer), `SVC_DETACHED` (console copies). */
export const PROCESS_ENV_NAMES: readonly string[] = ['SVC_DEBUG', 'SVC_DETACHED'];

/** Every variable name that sets a key (its aliases and `_FILE` forms too), mapped to the key. */
export function keyEnvNames(keys: readonly ConfigKey<unknown>[], prefix?: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const k of keys) {
    for (const n of [k.name, ...k.aliases]) {
      names.set(envName(n, prefix), k.name);
      names.set(`${envName(n, prefix)}_FILE`, k.name);
    }
  }
  return names;
}

export interface UnknownEnvCheck {
  /** Variables with this prefix are checked... */
  readonly prefix: string;
  /** ...except those with this one (checked elsewhere: `SVC_LOG_` by the log set-up). */
  readonly exceptPrefix?: string;
  /** Known variable → what it sets (a key name, or a short description). */
  readonly known: ReadonlyMap<string, string>;
  /** The name a variable really had, when it was translated (`SVC_FOO` ← `QDB_FOO`). */
  readonly origins?: ReadonlyMap<string, string>;
}

export function unknownEnvNotes(env: Environment, check: UnknownEnvCheck): string[] {
  const candidates = [...check.known.keys()];
  const notes: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (!name.startsWith(check.prefix) || check.known.has(name)) continue;
    if (check.exceptPrefix !== undefined && name.startsWith(check.exceptPrefix)) continue;
    const original = check.origins?.get(name);
    const shown = original === undefined ? name : `${original} (read as ${name})`;
    if (candidates.length === 0) {
      notes.push(`unknown environment variable ${shown} ignored`);
      continue;
    }
    const nearest = closest(name, candidates);
    notes.push(`unknown environment variable ${shown} ignored; the nearest known one is ${nearest} (${check.known.get(nearest)})`);
  }
  return notes;
}
