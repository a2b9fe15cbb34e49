/**
 * One value of one fuzz type written as a SQL literal in either dialect, for INSERT and for the constants
 * of generated queries. svc's literal is what a QuestDB user types (`5L`, `12.5m`, an ISO timestamp string);
 * DuckDB's carries its type explicitly so that it is never widened or narrowed on the way in.
 */
import { FUZZ_TYPES, FuzzTypeName, Value } from './fuzz-types';

export function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** A finite double as text both parsers read back to the same bits (`1e+300` → `1e300`). */
export function doubleText(x: number): string {
  if (Object.is(x, -0)) return '-0.0';
  const s = String(x).replace('e+', 'e');
  return /[.e]/.test(s) ? s : `${s}.0`;
}

const pad = (n: number | bigint, width: number): string => String(n).padStart(width, '0');

/** `YYYY-MM-DDTHH:MM:SS.<fraction>Z` of an epoch count in units of 10^-digits seconds (years 1..9999). */
export function isoText(count: bigint, digits: 3 | 6 | 9): string {
  const perMs = 10n ** BigInt(digits - 3);
  let ms = count / perMs;
  let sub = count % perMs;
  if (sub < 0n) {
    sub += perMs;
    ms -= 1n;
  }
  const d = new Date(Number(ms));
  const y = d.getUTCFullYear();
  const date = `${pad(y, 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
  const time = `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
  const fraction = pad(d.getUTCMilliseconds(), 3) + (digits > 3 ? pad(sub, digits - 3) : '');
  return `${date}T${time}.${fraction}Z`;
}

const TIME_DIGITS: Partial<Record<FuzzTypeName, 3 | 6 | 9>> = { DATE: 3, TIMESTAMP: 6, TIMESTAMP_NS: 9 };

export function timeDigits(t: FuzzTypeName): 3 | 6 | 9 {
  const digits = TIME_DIGITS[t];
  if (digits === undefined) throw new Error(`${t} is not a time type`);
  return digits;
}

/** svc's literal; a NULL keeps its type through a cast so that overloads resolve as for a column. */
export function svcLiteral(type: FuzzTypeName, v: Value): string {
  if (v === null) return `cast(null as ${FUZZ_TYPES[type].svcDdl})`;
  switch (type) {
    case 'BOOLEAN': return String(v);
    case 'BYTE': case 'SHORT': return `cast(${v} as ${type.toLowerCase()})`;
    case 'INT': return String(v);
    case 'LONG': return `${v}L`;
    case 'FLOAT': case 'DOUBLE': {
      const x = v as number;
      const special = Number.isNaN(x) ? 'NaN' : x === Infinity ? 'Infinity' : x === -Infinity ? '-Infinity' : undefined;
      // A FLOAT's ±Infinity comes from text: a DOUBLE ±Infinity cast to FLOAT is NULL (CastDoubleToFloat).
      if (special) return `cast('${special}' as ${type.toLowerCase()})`;
      return type === 'FLOAT' ? `cast(${doubleText(x)} as float)` : doubleText(x);
    }
    case 'DECIMAL': return `${v}m`;
    case 'TIMESTAMP': case 'DATE': case 'TIMESTAMP_NS':
      return `cast(${quote(isoText(v as bigint, timeDigits(type)))} as ${type.toLowerCase()})`;
    case 'UUID': return `cast(${quote(String(v))} as uuid)`;
    case 'VARCHAR': return `cast(${quote(String(v))} as varchar)`;
    case 'SYMBOL': return `cast(${quote(String(v))} as symbol)`;
    case 'STRING': return `cast(${quote(String(v))} as string)`;
    case 'CHAR': return quote(String(v));
  }
}

/** svc's value inside INSERT … VALUES: the column's type converts it, so plain literals are enough. */
export function svcInsertValue(type: FuzzTypeName, v: Value): string {
  if (v === null) return 'null';
  switch (type) {
    case 'BYTE': case 'SHORT': return String(v);
    case 'VARCHAR': case 'SYMBOL': case 'STRING': case 'CHAR': case 'UUID': return quote(String(v));
    case 'TIMESTAMP': case 'DATE': case 'TIMESTAMP_NS': return quote(isoText(v as bigint, timeDigits(type)));
    default: return svcLiteral(type, v);
  }
}

/** DuckDB's literal under QuestDB's storage rules: a NaN is NULL, a BYTE/SHORT/BOOLEAN NULL is 0/false. */
export function duckLiteral(type: FuzzTypeName, v: Value): string {
  const ddl = FUZZ_TYPES[type].duckDdl;
  if (v === null || (typeof v === 'number' && Number.isNaN(v))) return `NULL::${ddl}`;
  switch (type) {
    case 'BOOLEAN': return String(v);
    case 'BYTE': case 'SHORT': case 'INT': case 'LONG': return `(${v})::${ddl}`;
    case 'FLOAT': case 'DOUBLE': {
      const x = v as number;
      const text = x === Infinity ? 'Infinity' : x === -Infinity ? '-Infinity' : doubleText(x);
      return `'${text}'::${ddl}`;
    }
    case 'DECIMAL': return `'${v}'::${ddl}`;
    case 'TIMESTAMP': return `make_timestamp((${v})::BIGINT)`;
    case 'DATE': return `epoch_ms((${v})::BIGINT)::TIMESTAMP_MS`;
    case 'TIMESTAMP_NS': return `make_timestamp_ns((${v})::BIGINT)`;
    case 'UUID': return `${quote(String(v))}::UUID`;
    default: return `${quote(String(v))}::VARCHAR`;
  }
}
