/**
 * Literal and name values from token text: INT vs LONG by size, one-character
 * quoted literal = CHAR, `''` and E'…' escapes, geohash precision, durations.
 */
import { IToken } from 'chevrotain';
import type { Duration, Identifier, Literal, Parameter } from '../../core/sql/ast';
import { SvcError } from '../../core/errors';

const INT_MAX = 2147483647n;
const LONG_MAX = 9223372036854775807n;
const GEOHASH_ALPHABET = /^[0-9b-hjkmnp-z]+$/;

/** An unsigned integer literal: INT when it fits 32 bits, LONG to 64 bits, DOUBLE beyond. */
export function integerLiteral(raw: string, position: number, negative: boolean): Literal {
  const digits = BigInt(raw);
  const value = negative ? -digits : digits;
  const text = negative ? `-${raw}` : raw;
  if (digits <= INT_MAX) return { kind: 'literal', type: 'int', value: Number(value), raw: text, position };
  if (digits <= LONG_MAX || (negative && digits === LONG_MAX + 1n)) {
    return { kind: 'literal', type: 'long', value, raw: text, position };
  }
  return { kind: 'literal', type: 'double', value: Number(value), raw: text, position };
}

/** `42L`. */
export function longLiteral(raw: string, position: number, negative: boolean): Literal {
  const digits = BigInt(raw.slice(0, -1));
  if (digits > LONG_MAX + (negative ? 1n : 0n)) throw SvcError.sql(position, `invalid constant: ${raw}`);
  return { kind: 'literal', type: 'long', value: negative ? -digits : digits, raw: negative ? `-${raw}` : raw, position };
}

/** `1.5f`: the value rounded to FLOAT; beyond FLOAT's range it is not a constant (QuestDB rejects the overflow). */
export function floatLiteral(raw: string, position: number, negative: boolean): Literal {
  const magnitude = Math.fround(Number(raw.slice(0, -1)));
  const text = negative ? `-${raw}` : raw;
  if (!Number.isFinite(magnitude)) throw SvcError.sql(position, `invalid constant: ${text}`);
  return { kind: 'literal', type: 'float', value: negative ? -magnitude : magnitude, raw: text, position };
}

export function numberLiteral(raw: string, position: number, negative: boolean): Literal {
  if (/^\d+$/.test(raw)) return integerLiteral(raw, position, negative);
  const value = Number(raw);
  return { kind: 'literal', type: 'double', value: negative ? -value : value, raw: negative ? `-${raw}` : raw, position };
}

/** `'…'` with `''` escaping; one character after unescaping is a CHAR. */
export function stringLiteral(token: IToken): Literal {
  const image = token.image;
  const value = image.slice(1, -1).replace(/''/g, "'");
  return textLiteral(value, image, token.startOffset);
}

/** `E'…'`: backslash escapes (`\n`, `\t`, `\\`, `\'`, `\uXXXX`) plus `''`. */
export function escapedStringLiteral(token: IToken): Literal {
  const image = token.image;
  const body = image.slice(2, -1);
  let value = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "'" && body[i + 1] === "'") { value += "'"; i++; continue; }
    if (c !== '\\' || i + 1 >= body.length) { value += c; continue; }
    const e = body[++i];
    if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(body.slice(i + 1, i + 5))) {
      value += String.fromCharCode(parseInt(body.slice(i + 1, i + 5), 16));
      i += 4;
      continue;
    }
    value += ESCAPES[e] ?? e;
  }
  return textLiteral(value, image, token.startOffset);
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0' };

function textLiteral(value: string, raw: string, position: number): Literal {
  if (value.length === 1) return { kind: 'literal', type: 'char', value, raw, position };
  return { kind: 'literal', type: 'string', value, raw, position };
}

/** `0x…` LONG256: at most 64 hex digits. */
export function long256Literal(token: IToken): Literal {
  const digits = token.image.slice(2).toLowerCase();
  if (digits.length > 64) throw SvcError.sql(token.startOffset, `invalid constant: ${token.image}`);
  return { kind: 'literal', type: 'long256', value: digits, raw: token.image, position: token.startOffset };
}

/** `#u33d8` (5 bits per char), `#u33d/18` (explicit bits), `##0101` (binary). Precision 1..60 bits. */
export function geohashLiteral(token: IToken): Literal {
  const raw = token.image;
  const position = token.startOffset;
  const invalid = (): SvcError => SvcError.sql(position, `invalid constant: ${raw}`);
  if (raw.startsWith('##')) {
    const bits = raw.length - 2;
    if (bits > 60) throw invalid();
    return { kind: 'literal', type: 'geohash', value: raw.slice(2), binary: true, bits, raw, position };
  }
  const slash = raw.indexOf('/');
  const value = (slash < 0 ? raw.slice(1) : raw.slice(1, slash)).toLowerCase();
  const bits = slash < 0 ? value.length * 5 : Number(raw.slice(slash + 1));
  if (!GEOHASH_ALPHABET.test(value) || value.length > 12 || bits < 1 || bits > 60 || bits > value.length * 5) {
    throw invalid();
  }
  return { kind: 'literal', type: 'geohash', value, binary: false, bits, raw, position };
}

/** `1h`, `30m`, `500T`: clause syntax, not a value. */
export function durationOf(token: IToken): Duration {
  const m = /^(\d+)([a-zA-Z]+)$/.exec(token.image);
  if (m === null) throw SvcError.sql(token.startOffset, `invalid duration [${token.image}]`);
  return { kind: 'duration', value: Number(m[1]), unit: m[2], raw: token.image, position: token.startOffset };
}

/** A name token: bare word, `"quoted"` (`""` escapes `"`), or a `'quoted'` table name. */
export function identifierOf(token: IToken): Identifier {
  const image = token.image;
  const first = image[0];
  if (first === '"') {
    return { kind: 'identifier', name: image.slice(1, -1).replace(/""/g, '"'), quoted: true, position: token.startOffset };
  }
  if (first === "'") {
    return { kind: 'identifier', name: image.slice(1, -1).replace(/''/g, "'"), quoted: true, position: token.startOffset };
  }
  return { kind: 'identifier', name: image, quoted: false, position: token.startOffset };
}

/** `$3` → index 3; `:name` → name. */
export function parameterOf(token: IToken): Parameter {
  const image = token.image;
  if (image[0] === '$') return { kind: 'parameter', index: Number(image.slice(1)), position: token.startOffset };
  return { kind: 'parameter', name: image.slice(1), position: token.startOffset };
}
