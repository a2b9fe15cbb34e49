/**
 * The server configuration: `<root>/conf/server.conf` overlaid by the environment, parsed once at
 * start-up into typed values. Precedence: `SVC_<KEY>_FILE` > `SVC_<KEY>` >
 * `<key>.file` > `<key>` in server.conf > default. A `.file` value names a file (absolute, or
 * relative to the root) whose trimmed content (at most 64 KB) is the value.
 */
import { ConfigKey } from './config-key';
import { envName, Environment } from './env-overrides';
import { parseProperties, PropertyEntry, propertiesToMap } from './properties';
import { SERVER_KEYS } from './server-keys';
import { SettingOrigin, settingError } from './setting-origin';
import { SvcError } from '../errors';

export type ValueSource = 'default' | 'conf' | 'env' | 'file';

export interface ConfigEntry {
  readonly key: string;
  readonly envName: string;
  /** Raw text; secrets are masked as `****`. */
  readonly value: string | undefined;
  readonly source: ValueSource;
  /** A secret key (its value is masked): SHOW PARAMETERS `sensitive`. */
  readonly sensitive: boolean;
}

export interface ConfigSources {
  /** Text of server.conf, if it exists. */
  readonly confText: string | undefined;
  readonly env: Environment;
  /** Reads a secret file (for `.file` keys); throws when missing. */
  readonly readFile: (path: string) => string;
  readonly keys?: readonly ConfigKey<unknown>[];
  /** The variable a value was really read from, when the environment was translated (`QDB_HTTP_USER`). */
  readonly envOrigin?: (name: string) => string;
}

const MAX_SECRET_FILE = 64 * 1024;

interface Resolved {
  readonly raw: string | undefined;
  readonly source: ValueSource;
  readonly origin: string;
}

export class ServerConfig {
  /** Use `ServerConfig.load`. */
  constructor(
    private readonly values: ReadonlyMap<string, unknown>,
    private readonly resolved: ReadonlyMap<string, Resolved>,
    private readonly keys: readonly ConfigKey<unknown>[],
    private readonly conf: ReadonlyMap<string, PropertyEntry>,
    readonly unknownKeys: readonly string[],
  ) {}

  /** Parses and validates every known key; throws SvcError naming the first bad key. */
  static load(sources: ConfigSources): ServerConfig {
    const keys = sources.keys ?? SERVER_KEYS;
    const conf = propertiesToMap(parseProperties(sources.confText ?? ''));
    const values = new Map<string, unknown>();
    const resolved = new Map<string, Resolved>();
    for (const key of keys) {
      const r = resolve(key, conf, sources);
      resolved.set(key.name, r);
      if (r.raw === undefined) { values.set(key.name, undefined); continue; }
      const v = key.parse(r.raw);
      if (v === undefined) {
        throw settingError('invalid value for configuration key', originOf(key, r), `expected ${key.expected}`);
      }
      values.set(key.name, v);
    }
    const known = new Set<string>();
    for (const k of keys) for (const n of [k.name, ...k.aliases]) { known.add(n); known.add(`${n}.file`); }
    const unknownKeys = [...conf.keys()].filter((k) => !known.has(k));
    return new ServerConfig(values, resolved, keys, conf, unknownKeys);
  }

  /** The typed value of a known key. */
  get<T>(key: ConfigKey<T>): T {
    if (!this.values.has(key.name)) throw new Error(`configuration key not registered: ${key.name}`);
    return this.values.get(key.name) as T;
  }

  /** Where a known key's value came from, for start-up messages (bind failures, for one). */
  origin(key: ConfigKey<unknown>): SettingOrigin {
    const r = this.resolved.get(key.name);
    if (r === undefined) throw new Error(`configuration key not registered: ${key.name}`);
    return originOf(key, r);
  }

  /** Raw text of any key, known or not (env wins over server.conf), for plugins with their own keys. */
  raw(name: string, env?: Environment): string | undefined {
    const fromEnv = env?.[envName(name)];
    if (fromEnv !== undefined) return fromEnv;
    return this.resolved.get(name)?.raw ?? this.conf.get(name)?.value;
  }

  /** Every known key with its env name, effective value and source (SHOW PARAMETERS). */
  entries(): ConfigEntry[] {
    return this.keys.map((k) => {
      const r = this.resolved.get(k.name);
      const value = r?.raw === undefined ? undefined : k.secret ? '****' : r.raw;
      return { key: k.name, envName: envName(k.name), value, source: r?.source ?? 'default', sensitive: k.secret === true };
    });
  }
}

function originOf(key: ConfigKey<unknown>, r: Resolved): SettingOrigin {
  const value = r.raw === undefined ? undefined : key.secret ? '****' : r.raw;
  return { key: key.name, value, source: r.origin, env: envName(key.name) };
}

function resolve(key: ConfigKey<unknown>, conf: ReadonlyMap<string, PropertyEntry>, s: ConfigSources): Resolved {
  const names = [key.name, ...key.aliases];
  const from = (variable: string): string => s.envOrigin?.(variable) ?? variable;
  for (const n of names) {
    const file = s.env[envName(n) + '_FILE'];
    if (file !== undefined) return { raw: readSecret(key, file, s), source: 'file', origin: from(envName(n) + '_FILE') };
  }
  for (const n of names) {
    const v = s.env[envName(n)];
    if (v !== undefined) return { raw: v, source: 'env', origin: from(envName(n)) };
  }
  for (const n of names) {
    const e = conf.get(`${n}.file`);
    if (e !== undefined) return { raw: readSecret(key, e.value, s), source: 'file', origin: `server.conf line ${e.line}` };
  }
  for (const n of names) {
    const e = conf.get(n);
    if (e !== undefined) return { raw: e.value, source: 'conf', origin: `server.conf line ${e.line}` };
  }
  return { raw: key.defaultText, source: 'default', origin: 'default' };
}

function readSecret(key: ConfigKey<unknown>, path: string, s: ConfigSources): string {
  let text: string;
  try {
    text = s.readFile(path.trim());
  } catch (e) {
    throw new SvcError(`cannot read the file for configuration key ${key.name} [path=${path}]`, 500, undefined, { cause: e });
  }
  if (text.length > MAX_SECRET_FILE) {
    throw new SvcError(`file for configuration key ${key.name} is larger than 64 KB [path=${path}]`);
  }
  return text.trim();
}
