/**
 * Output cells that arrive as JSON values (/exec, NDJSON) or as text (CSV, PostgreSQL text format) brought
 * to the canonical form of rt-values.ts. Parsing is forgiving about spelling (`t`/`true`, a space or a `T`
 * in a timestamp, `{…}` or `[…]` arrays) but not about value: every digit is kept.
 */
import { isoToCount } from '../../sql/cell-canon';
import { RtColumn } from '../rt-columns';
import { arrayCanon, decimalCanon, doubleCanon, long256Canon } from '../rt-values';
import { JsonNumber, JsonValue } from './lossless-json';

const DIGITS: Partial<Record<RtColumn['kind'], 3 | 6 | 9>> = { date: 3, timestamp: 6, timestamp_ns: 9 };

function floatOf(c: RtColumn, text: string): string | null {
  if (text === 'NaN' || text === 'null') return null;
  const x = Number(text.replace(/^\+/, ''));
  if (Number.isNaN(x)) return `not a number: ${text}`;
  return doubleCanon(c.kind === 'float' ? Math.fround(x) : x);
}

function timeOf(c: RtColumn, text: string): string {
  let iso = text.trim().replace(' ', 'T');
  if (!/Z$|[+-]\d\d(:?\d\d)?$/.test(iso)) iso += 'Z';
  iso = iso.replace(/\+00(:?00)?$/, 'Z');
  const count = isoToCount(iso, DIGITS[c.kind] ?? 6);
  return count === undefined ? `unparsable ${text}` : count.toString();
}

/** `[1.0,[2.0]]` or PostgreSQL's `{1.0,{2.0}}` → nested numbers. */
function arrayOf(text: string): unknown {
  const json = text.replace(/\{/g, '[').replace(/\}/g, ']').replace(/NaN|null|NULL/g, 'null').replace(/-?Infinity/g, 'null');
  return JSON.parse(json) as unknown;
}

/** A text cell (null: empty or SQL NULL). */
export function fromText(c: RtColumn, text: string | null): string | null {
  if (text === null) return c.kind === 'bool' ? 'false' : c.kind === 'byte' || c.kind === 'short' ? '0' : null;
  switch (c.kind) {
    case 'bool': return text === 't' || text === 'true' ? 'true' : text === 'f' || text === 'false' ? 'false' : `not a boolean: ${text}`;
    case 'byte': case 'short': case 'int': case 'long': return /^-?\d+$/.test(text) ? BigInt(text).toString() : `not an integer: ${text}`;
    case 'float': case 'double': return floatOf(c, text);
    case 'date': case 'timestamp': case 'timestamp_ns': return timeOf(c, text);
    case 'char': return text === '' ? null : text;
    case 'uuid': return text === '' ? null : text.toLowerCase();
    case 'ipv4': return text === '' || text === '0.0.0.0' ? null : text;
    case 'long256': return text === '' ? null : long256Canon(text);
    case 'geohash': return text === '' ? null : text;
    case 'decimal': return decimalCanon(text);
    case 'array': return arrayCanon(arrayOf(text));
    default: return text;
  }
}

function plain(v: JsonValue): unknown {
  if (v instanceof JsonNumber) return Number(v.text);
  if (Array.isArray(v)) return v.map(plain);
  return v;
}

/** A JSON cell. */
export function fromJson(c: RtColumn, v: JsonValue): string | null {
  if (v === null) return fromText(c, null);
  if (v instanceof JsonNumber) return fromText(c, v.text);
  if (typeof v === 'boolean') return fromText(c, String(v));
  if (typeof v === 'string') return fromText(c, v);
  if (Array.isArray(v) && c.kind === 'array') return arrayCanon(plain(v));
  return `unexpected JSON ${JSON.stringify(plain(v))}`;
}
