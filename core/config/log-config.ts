/**
 * log.conf: `writers=` names the enabled writers, `w.<name>.<property>` configures each.
 * Every key can be overridden by `SVC_LOG_` + key upper-cased, `.` → `_`.
 * Level lists follow QuestDB: a list also enables every level above its highest listed one
 * (DEBUG < INFO < ERROR < CRITICAL < ADVISORY), so `level=INFO` writes I, E, C and A; `DEBUG` alone
 * writes only Debug (see level-gaps.ts for the warning that gets). A listed writer must have a class:
 * a name in `writers=` that configures nothing is a start-up error, not a silently inert writer.
 * Every error names the key, its value, the file line or variable it came from and its variable.
 */
import { SvcError } from '../errors';
import { LEVEL_BY_NAME, LogLevel } from '../log/log-level';
import { parseBoolean, parseInteger } from './config-key';
import { envName, Environment, LOG_ENV_PREFIX } from './env-overrides';
import { parseProperties } from './properties';
import { SettingOrigin, settingError } from './setting-origin';

export interface WriterConfig {
  readonly name: string;
  readonly className: string;
  /** The `level` set; undefined when not configured (the writer class's default applies: I, E, C, A for most). */
  readonly levels: number | undefined;
  readonly scope: string | undefined;
  /** Every `w.<name>.<property>` except class/level/scope. */
  readonly properties: ReadonlyMap<string, string>;
  /** Where `w.<name>.<property>` was read, for messages (class/level/scope included). */
  readonly origin: (property: string) => SettingOrigin;
}

/** log.conf's top-level keys. */
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
const INVALID = 'invalid value for log.conf key';

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

interface RawValue {
  readonly value: string;
  readonly source: string;
}

/**
 * @param sourceName how messages name the file (`/root/conf/log.conf`); lines are added to it.
 * @param envOrigin the variable a value really came from, when the environment was translated.
 */
export function parseLogConfig(text: string, env: Environment, sourceName = 'log.conf',
  envOrigin: (name: string) => string = (n) => n): LogConfig {
  const raw = new Map<string, RawValue>();
  for (const e of parseProperties(text)) raw.set(e.key, { value: e.value, source: `${sourceName} line ${e.line}` });
  // Environment overrides: every key already in the file, writers=, the global keys and each listed
  // writer's class/level/scope here; a writer class's own properties in log-setup.ts (only the class
  // knows their names, and the variable name cannot be turned back into a camelCase key).
  const override = (k: string): void => {
    const name = envName(k, LOG_ENV_PREFIX);
    const v = env[name];
    if (v !== undefined) raw.set(k, { value: v, source: envOrigin(name) });
  };
  for (const k of [...raw.keys(), ...GLOBAL_KEYS, 'writers']) override(k);
  const names = (raw.get('writers')?.value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const n of names) for (const p of ['class', 'level', 'scope']) override(`w.${n}.${p}`);
  const origin = (key: string): SettingOrigin => {
    const r = raw.get(key);
    return { key, value: r?.value, source: r?.source ?? 'default', env: envName(key, LOG_ENV_PREFIX) };
  };
  const writers = names.map((name) => writerConfig(name, names, raw, origin));
  const unknownKeys: string[] = [];
  for (const k of raw.keys()) {
    if (k !== 'writers' && !k.startsWith('w.') && !(GLOBAL_KEYS as readonly string[]).includes(k)) unknownKeys.push(k);
  }
  return { writers, globals: parseGlobals(raw, origin), unknownKeys };
}

function writerConfig(name: string, names: readonly string[], raw: ReadonlyMap<string, RawValue>,
  origin: (key: string) => SettingOrigin): WriterConfig {
  const prefix = `w.${name}.`;
  const properties = new Map<string, string>();
  for (const [k, v] of raw) {
    if (!k.startsWith(prefix)) continue;
    // A longer writer name sharing the prefix (w.http.min.x vs w.http.x) belongs to that writer.
    if (names.some((other) => other !== name && other.startsWith(name + '.') && k.startsWith(`w.${other}.`))) continue;
    properties.set(k.slice(prefix.length), v.value);
  }
  const className = properties.get('class')?.trim() ?? '';
  if (className === '') {
    throw settingError(INVALID, origin('writers'),
      `writer ${name} has no class: add a w.${name}.class line (e.g. io.svc.log.LogRollingFileWriter) or remove ${name} from writers`);
  }
  const levelText = properties.get('level');
  let levels: number | undefined;
  try {
    levels = levelText === undefined ? undefined : parseLevelList(levelText);
  } catch (e) {
    throw settingError(INVALID, origin(`${prefix}level`), e instanceof Error ? e.message : String(e));
  }
  const scope = properties.get('scope');
  for (const p of ['class', 'level', 'scope']) properties.delete(p);
  return {
    name, className, levels, properties,
    scope: scope === undefined || scope === '' ? undefined : scope,
    origin: (property) => origin(prefix + property),
  };
}

function parseGlobals(raw: ReadonlyMap<string, RawValue>, origin: (key: string) => SettingOrigin): LogGlobals {
  const logDir = raw.get('log.dir')?.value;
  const verbose = parseBoolean(raw.get('log.level.verbose')?.value ?? 'false');
  if (verbose === undefined) throw settingError(INVALID, origin('log.level.verbose'), 'expected true or false');
  const positiveInt = (key: string, fallback: number): number => {
    const text = raw.get(key)?.value;
    if (text === undefined) return fallback;
    const n = parseInteger(text, 1);
    if (n === undefined) throw settingError(INVALID, origin(key), 'expected a positive integer');
    return n;
  };
  return {
    logDir: logDir === undefined || logDir.trim() === '' ? undefined : logDir.trim(),
    recordLength: positiveInt('recordLength', 4096),
    queueDepth: positiveInt('queueDepth', 1024),
    verbose,
  };
}
