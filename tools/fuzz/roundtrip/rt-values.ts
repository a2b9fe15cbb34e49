/**
 * The edge values each column kind is written with, and their canonical form: the text every output is
 * brought to before comparing (integers and time counts as digits — µs for TIMESTAMP, ms for DATE, ns for
 * TIMESTAMP_NS —, doubles as JS prints them with `-0` kept, FLOAT as its float32's double, text as itself,
 * a decimal without trailing zeros, an array as compact JSON); null is SQL NULL. The seed adds random
 * values to the fixed edges and shuffles them.
 */
import { Prng } from '../prng';
import { Kind, RtColumn } from './rt-columns';

/** A value as the fuzzer holds it: boolean, number, bigint, string, nested number arrays, or null. */
export type Model = null | boolean | number | bigint | string | readonly unknown[];

export interface RtValue {
  readonly v: Model;
  readonly canon: string | null;
}

export function doubleCanon(x: number): string | null {
  if (Number.isNaN(x)) return null;
  return Object.is(x, -0) ? '-0' : String(x);
}

/** `12.3400` → `12.34`, `-0.0` → `0`. */
export function decimalCanon(text: string): string {
  let s = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  s = s.replace(/^(-?)0+(\d)/, '$1$2');
  return /^-0$/.test(s) ? '0' : s;
}

/** LONG256 as QuestDB prints it: lower-case hex, leading zero bytes dropped (`0x06`). */
export function long256Canon(text: string): string {
  const hex = BigInt(text).toString(16);
  return `0x${hex.length % 2 ? '0' : ''}${hex}`;
}

export function arrayCanon(a: unknown): string {
  return JSON.stringify(a, (_k, x: unknown) => (typeof x === 'number' && !Number.isFinite(x) ? null : x));
}

const TEXTS = ['', ' ', 'a', 'a"b', 'x,y', 'line\nbreak', 'tab\tin', "it's", '\\', 'null', 'Жук', '日本語', '𝄞😀', 'é', '  padded  '];
const LONG_TEXT = 'abcdefghijklmnopqrstuvwxyzЖ😀'.repeat(150);
const GEO = '0123456789bcdefghjkmnpqrstuvwxyz';
const UUIDS = ['00000000-0000-0000-0000-000000000000', '80000000-0000-0000-8000-000000000001', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'];

function fixed(c: RtColumn): Model[] {
  switch (c.kind) {
    case 'bool': return [true, false];
    case 'byte': return [-128, 127, 0, -1, 1];
    case 'short': return [-32768, 32767, 0, -1];
    case 'int': return [-2147483647, 2147483647, 0, -1, null];
    case 'long': return [-9223372036854775807n, 9223372036854775807n, 0n, -1n, 9007199254740993n, -9007199254740993n, null];
    case 'float': return [3.4028234663852886e38, -3.4028234663852886e38, 1.401298464324817e-45, 1.1754943508222875e-38, -0, Math.fround(0.1), Infinity, -Infinity, NaN, null];
    case 'double': return [Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 2.2250738585072014e-308, -0, 0.1, 0.30000000000000004, 9007199254740993, 1e300, Infinity, -Infinity, NaN, null];
    case 'date': return [-62135596800000n, 253402300799999n, 0n, -1n, 1n, null];
    case 'timestamp': return [-62135596800000000n, 253402300799999999n, 0n, -1n, 1n, 1704067200123456n, null];
    case 'timestamp_ns': return [-9223372036854775807n, 9223372036854775807n, 0n, -1n, 1n, 1704067200123456789n, null];
    case 'symbol': return ['a', '', 'Жук', '𝄞😀', 'x,y', LONG_TEXT.slice(0, 300), null];
    case 'string': case 'varchar': return [...TEXTS, LONG_TEXT, null];
    case 'char': return ['a', 'Ж', ' ', '"', ',', null];
    case 'uuid': return [...UUIDS, null];
    case 'ipv4': return ['0.0.0.1', '255.255.255.255', '127.0.0.1', '10.20.30.40', null];
    case 'long256': return ['0x01', `0x${'f'.repeat(64)}`, '0x1234567890abcdef1234567890abcdef', null];
    case 'geohash': return [geohash(c, 'u33d8b12x0jq'), geohash(c, 'zzzzzzzzzzzz'), geohash(c, '000000000000'), geohash(c, 's00twy01mtw0'), null];
    case 'decimal': return decimals(c);
    case 'array': return c.dims === 1 ? [[1.5, -0, Number.MAX_VALUE, Number.MIN_VALUE], [], [0.1], null] : [[[1, 2], [3, 4]], [[-0.5]], null];
  }
}

/** A geohash of the column's precision from a 12-character hash: chars text, or its leading bits. */
function geohash(c: RtColumn, chars: string): string {
  const bits = [...chars].map((ch) => GEO.indexOf(ch).toString(2).padStart(5, '0')).join('');
  return c.chars ? chars.slice(0, (c.bits ?? 5) / 5) : bits.slice(0, c.bits);
}

function decimals(c: RtColumn): Model[] {
  const p = c.precision ?? 18, s = c.scale ?? 0;
  const digits = (n: number): string => '9'.repeat(n);
  const text = (intDigits: string, frac: string): string => (s > 0 ? `${intDigits || '0'}.${frac}` : intDigits || '0');
  const max = text(digits(p - s), digits(s));
  const tiny = s > 0 ? text('', `${'0'.repeat(s - 1)}1`) : '1';
  return [max, `-${max}`, tiny, text('0', '0'.repeat(s)), null];
}

function random(rnd: Prng, c: RtColumn): Model {
  switch (c.kind) {
    case 'bool': return rnd.chance(0.5);
    case 'byte': return rnd.int(-128, 127);
    case 'short': return rnd.int(-32768, 32767);
    case 'int': return rnd.int(-2147483647, 2147483647);
    case 'long': return BigInt.asIntN(64, rnd.bits64()) || 1n;
    case 'float': return Math.fround((rnd.next() - 0.5) * 10 ** rnd.int(-30, 30));
    case 'double': return (rnd.next() - 0.5) * 10 ** rnd.int(-300, 300);
    case 'date': return BigInt(rnd.int(-2e12, 2e12));
    case 'timestamp': return BigInt(rnd.int(-2e12, 2e12)) * 1000n + BigInt(rnd.int(0, 999));
    case 'timestamp_ns': return BigInt(rnd.int(-9e9, 9e9)) * 1_000_000_000n + BigInt(rnd.int(0, 999_999_999));
    case 'symbol': case 'string': case 'varchar': return rnd.pick(TEXTS) + rnd.pick(TEXTS);
    case 'char': return rnd.pick(['b', 'é', 'Ж', '9', '~']);
    case 'uuid': return [8, 4, 4, 4, 12].map((n) => rnd.bits64().toString(16).padStart(16, '0').slice(0, n)).join('-');
    case 'ipv4': return [rnd.int(1, 255), rnd.int(0, 255), rnd.int(0, 255), rnd.int(1, 255)].join('.');
    case 'long256': return `0x${rnd.bits64().toString(16)}${rnd.bits64().toString(16).padStart(16, '0')}`;
    case 'geohash': return geohash(c, Array.from({ length: 12 }, () => rnd.pick([...GEO])).join(''));
    case 'decimal': {
      const p = c.precision ?? 18, s = c.scale ?? 0;
      const digits = Array.from({ length: rnd.int(1, p) }, () => String(rnd.int(0, 9))).join('').padStart(s + 1, '0');
      const int = digits.slice(0, digits.length - s).replace(/^0+(?=\d)/, '');
      return `${rnd.chance(0.5) ? '-' : ''}${int}${s > 0 ? `.${digits.slice(digits.length - s)}` : ''}`;
    }
    case 'array': return c.dims === 1 ? [rnd.next() * 100, -rnd.next()] : [[rnd.next()], [rnd.next()]];
  }
}

export function canonOf(c: RtColumn, v: Model): string | null {
  if (v === null) return c.kind === 'bool' ? 'false' : c.kind === 'byte' || c.kind === 'short' ? '0' : null;
  switch (c.kind) {
    case 'float': return doubleCanon(Math.fround(v as number));
    case 'double': return doubleCanon(v as number);
    case 'ipv4': return v === '0.0.0.0' ? null : String(v);
    case 'uuid': return String(v).toLowerCase();
    case 'long256': return long256Canon(String(v));
    case 'decimal': return decimalCanon(String(v));
    case 'array': return arrayCanon(v);
    default: return String(v);
  }
}

/** The values of one column: the fixed edges plus `extra` random ones, shuffled by the seed. */
export function valuesOf(rnd: Prng, c: RtColumn, extra: number): RtValue[] {
  const vs = [...fixed(c)];
  for (let i = 0; i < extra; i++) vs.push(random(rnd, c));
  return rnd.sample(vs, vs.length).map((v) => ({ v, canon: canonOf(c, v) }));
}

export type { Kind };
