/**
 * log.conf: `writers=` names the enabled writers, `w.<name>.<property>` configures each.
 * Every key can be overridden by `SVC_LOG_` + key upper-cased, `.` → `_` (spec "Logging" rule 5).
 * Level lists follow the reference server (http-api.md §10): a list also enables every level above
 * its highest listed one (DEBUG < INFO < ERROR < CRITICAL < ADVISORY), so `level=INFO` writes
 * I, E, C and A; `DEBUG` alone writes only Debug.
 */
import { SvcError } from '../errors';
import { LEVEL_BY_NAME, LogLevel } from '../log/log-level';
import { parseBoolean, parseInteger } from './config-key';
import { envName, Environment, LOG_ENV_PREFIX } from './env-overrides';
import { parseProperties } from './properties';

export interface WriterConfig {
  readonly name: string;
  /** Undefined when the writer has no class line: such a writer is inert (skipped). */
  readonly className: string | undefined;
  /** The `level` set; undefined when not configured (the writer class's default applies: I, E, C, A for most). */
  readonly levels: number | undefined;
  readonly scope: string | undefined;
  /** Every `w.<name>.<property>` except class/level/scope. */
  readonly properties: ReadonlyMap<string, string>;
}

/** log.conf's top-level keys (http-api.md §10). */
export interface LogGlobals {
  /** `log.dir`: what `${log.dir}` means; undefined = `<root>/log`. */
  readonly logDir: string | undefined;
  /** `recordLength` (4096): longer messages are cut. */
  readonly recordLength: number;
  /** `queueDepth` (1024): records a console writer holds before it writes them out. */
  readonly queueDepth: number;
  /** `log.level.verbose` (false): `INFO` instead of `I` in lines. */
  readonly verbose: boolean;
}

export interface LogConfig {
  readonly writers: readonly WriterConfig[];
  readonly globals: LogGlobals;
  /** Top-level keys that mean nothing here; reported at start-up, not fatal. */
  readonly unknownKeys: readonly string[];
}

export const GLOBAL_KEYS = ['log.dir', 'recordLength', 'queueDepth', 'log.level.verbose'] as const;

const LEVEL_ORDER = [LogLevel.Debug, LogLevel.Info, LogLevel.Error, LogLevel.Critical, LogLevel.Advisory];

/** Parses a `level` list into a bit set; throws `Unknown level: X`. */
export function parseLevelList(text: string): number {
  let mask = 0;
  let highest = -1;
  for (const part of text.split(',')) {
    const name = part.trim().toUpperCase();
    if (name === '') continue;
    const level = LEVEL_BY_NAME[name];
    if (level === undefined) throw new SvcError(`Unknown level: ${part.trim()}`);
    mask |= level;
    highest = Math.max(highest, LEVEL_ORDER.indexOf(level));
  }
  if (highest > 0) for (let i = highest + 1; i < LEVEL_ORDER.length; i++) mask |= LEVEL_ORDER[i];
  return mask;
}

export function parseLogConfig(text: string, env: Environment): LogConfig {
  const raw = new Map<string, string>();
  for (const e of parseProperties(text)) raw.set(e.key, e.value);
  // Environment overrides: every key already in the file, writers=, the global keys and each listed
  // writer's class/level/scope here; a writer class's own properties in log-setup.ts (only the class
  // knows their names, and the variable name cannot be turned back into a camelCase key).
  const keyOf = (k: string): string | undefined => env[envName(k, LOG_ENV_PREFIX)];
  for (const k of [...raw.keys(), ...GLOBAL_KEYS]) {
    const v = keyOf(k);
    if (v !== undefined) raw.set(k, v);
  }
  const writersText = keyOf('writers') ?? raw.get('writers') ?? '';
  const names = writersText.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const n of names) {
    for (const p of ['class', 'level', 'scope']) {
      const v = keyOf(`w.${n}.${p}`);
      if (v !== undefined) raw.set(`w.${n}.${p}`, v);
    }
  }
  const writers: WriterConfig[] = names.map((name) => {
    const prefix = `w.${name}.`;
    const properties = new Map<string, string>();
    for (const [k, v] of raw) {
      if (!k.startsWith(prefix)) continue;
      const prop = k.slice(prefix.length);
      // A longer writer name sharing the prefix (w.http.min.x vs w.http.x) belongs to that writer.
      if (names.some((other) => other !== name && other.startsWith(name + '.') && k.startsWith(`w.${other}.`))) continue;
      properties.set(prop, v);
    }
    const className = properties.get('class');
    const levelText = properties.get('level');
    const scope = properties.get('scope');
    properties.delete('class');
    properties.delete('level');
    properties.delete('scope');
    return {
      name,
      className: className === undefined || className.trim() === '' ? undefined : className.trim(),
      levels: levelText === undefined ? undefined : parseLevelList(levelText),
      scope: scope === undefined || scope === '' ? undefined : scope,
      properties,
    };
  });
  const unknownKeys: string[] = [];
  for (const k of raw.keys()) {
    if (k !== 'writers' && !k.startsWith('w.') && !(GLOBAL_KEYS as readonly string[]).includes(k)) unknownKeys.push(k);
  }
  return { writers, globals: parseGlobals(raw), unknownKeys };
}

function parseGlobals(raw: ReadonlyMap<string, string>): LogGlobals {
  const logDir = raw.get('log.dir');
  const verbose = raw.get('log.level.verbose') ?? 'false';
  const bool = parseBoolean(verbose);
  if (bool === undefined) throw new SvcError(`invalid value for log.conf key log.level.verbose [value=${verbose}, expected true or false]`);
  return {
    logDir: logDir === undefined || logDir.trim() === '' ? undefined : logDir.trim(),
    recordLength: positiveInt(raw, 'recordLength', 4096),
    queueDepth: positiveInt(raw, 'queueDepth', 1024),
    verbose: bool,
  };
}

function positiveInt(raw: ReadonlyMap<string, string>, key: string, fallback: number): number {
  const text = raw.get(key);
  if (text === undefined) return fallback;
  const n = parseInteger(text, 1);
  if (n === undefined) throw new SvcError(`invalid value for log.conf key ${key} [value=${text}, expected a positive integer]`);
  return n;
}
