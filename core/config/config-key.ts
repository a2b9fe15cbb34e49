/**
 * A typed configuration key: its name (and older aliases), default, and the parser that turns the
 * raw text into the typed value. Parsers return `undefined` for a bad value; the caller builds the
 * start-up error naming the key, the value and `expected`.
 */
export interface ConfigKey<T> {
  readonly name: string;
  readonly aliases: readonly string[];
  /** Raw default text (as it would appear in server.conf); undefined = no value. */
  readonly defaultText: string | undefined;
  readonly expected: string;
  readonly parse: (raw: string) => T | undefined;
  readonly secret?: boolean;
}

export interface KeyOptions {
  readonly aliases?: readonly string[];
  readonly secret?: boolean;
}

export interface HostPort {
  readonly host: string;
  readonly port: number;
}

function make<T>(name: string, defaultText: string | undefined, expected: string,
  parse: (raw: string) => T | undefined, options: KeyOptions = {}): ConfigKey<T> {
  return { name, aliases: options.aliases ?? [], defaultText, expected, parse, secret: options.secret };
}

export function parseBoolean(raw: string): boolean | undefined {
  const v = raw.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  return undefined;
}

export function parseInteger(raw: string, min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const v = raw.trim().replace(/_/g, '');
  if (!/^[+-]?\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= max ? n : undefined;
}

const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, t: 1024 ** 4 };

/** Sizes accept k/m/g suffixes: `2m` = 2 MiB. */
export function parseSize(raw: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(raw);
  if (!m) return undefined;
  const unit = SIZE_UNITS[m[2].toLowerCase()];
  if (unit === undefined) return undefined;
  return Math.floor(Number(m[1]) * unit);
}

const DURATION_UNITS: Readonly<Record<string, number>> = { '': 1, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Durations in milliseconds; a bare number is `bareUnitMs` each (ms unless the key says otherwise). */
export function parseDuration(raw: string, bareUnitMs = 1): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(raw);
  if (!m) return undefined;
  const unit = m[2] === '' ? bareUnitMs : DURATION_UNITS[m[2].toLowerCase()];
  if (unit === undefined) return undefined;
  return Math.round(Number(m[1]) * unit);
}

export function parseHostPort(raw: string): HostPort | undefined {
  const m = /^\s*(?:\[?([^\]\s]*?)\]?:)?(\d{1,5})\s*$/.exec(raw);
  if (!m) return undefined;
  const port = Number(m[2]);
  if (port > 65535) return undefined;
  return { host: m[1] === undefined || m[1] === '' ? '0.0.0.0' : m[1], port };
}

export const booleanKey = (name: string, d: boolean, o?: KeyOptions): ConfigKey<boolean> =>
  make(name, String(d), 'true or false', parseBoolean, o);

export const intKey = (name: string, d: number | undefined, min = -(2 ** 31), max = 2 ** 31 - 1, o?: KeyOptions): ConfigKey<number> =>
  make(name, d === undefined ? undefined : String(d), `an integer in [${min}, ${max}]`, (r) => parseInteger(r, min, max), o);

export const longKey = (name: string, d: number, min = -Number.MAX_SAFE_INTEGER, o?: KeyOptions): ConfigKey<number> =>
  make(name, String(d), `an integer >= ${min}`, (r) => parseInteger(r, min), o);

export const sizeKey = (name: string, d: string, o?: KeyOptions): ConfigKey<number> =>
  make(name, d, 'a size in bytes with an optional k/m/g suffix', parseSize, o);

export const durationKey = (name: string, d: string, bareUnitMs = 1, o?: KeyOptions): ConfigKey<number> =>
  make(name, d, `a duration (number${bareUnitMs === 1000 ? ' of seconds' : ' of milliseconds'}, or with a ms/s/m/h suffix)`,
    (r) => parseDuration(r, bareUnitMs), o);

export const stringKey = (name: string, d: string | undefined, o?: KeyOptions): ConfigKey<string | undefined> =>
  make(name, d, 'a string', (r) => r, o);

export const addressKey = (name: string, d: string, o?: KeyOptions): ConfigKey<HostPort> =>
  make(name, d, 'host:port with a port in 0..65535', parseHostPort, o);

export function enumKey<E extends string>(name: string, d: E, values: readonly E[], o?: KeyOptions): ConfigKey<E> {
  return make(name, d, `one of ${values.join(', ')}`, (r) => {
    const v = r.trim();
    return values.find((x) => x.toLowerCase() === v.toLowerCase());
  }, o);
}

export const listKey = (name: string, d: string, o?: KeyOptions): ConfigKey<readonly string[]> =>
  make(name, d, 'a comma-separated list', (r) => r.split(',').map((s) => s.trim()).filter((s) => s !== ''), o);

export function parseDouble(raw: string): number | undefined {
  const v = raw.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v)) return undefined;
  return Number(v);
}

export const doubleKey = (name: string, d: number, min = -Infinity, max = Infinity, o?: KeyOptions): ConfigKey<number> =>
  make(name, String(d), `a number in [${min}, ${max}]`, (r) => {
    const n = parseDouble(r);
    return n !== undefined && n >= min && n <= max ? n : undefined;
  }, o);
