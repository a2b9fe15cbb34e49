/**
 * The rows the line-protocol fuzzer checks (differentially): each has a unique `id` and a value (or none) for
 * every column of a checked table, and is written as one line in a randomly chosen spelling: any field
 * order, escapes in tags and strings, every boolean word, doubles as text or binary (protocol 2), a DOUBLE
 * array in binary, µs (`t`) and ns (`n`) timestamp fields, left-out and empty (`x=`) values. What the server
 * must read back is the row itself (`expected*` below say how each value prints).
 */
import { binaryArrayOf, binaryDouble } from '../../../features/support/ilp-binary';
import { IlpRandom } from './ilp-random';

export interface FuzzRow {
  readonly id: number;
  readonly s: string | null;
  readonly s2: string | null;
  /** NaN and ±Infinity are NULL. */
  readonly d: number | null;
  readonly l: bigint | null;
  readonly b: boolean | null;
  readonly v: string | null;
  /** µs. */
  readonly t: number | null;
  /** ns. */
  readonly tn: bigint | null;
  readonly arr: readonly number[] | null;
  /** The designated timestamp in ns; undefined: the line has none (the server's time). */
  readonly ts: bigint | undefined;
}

/** The query that reads a checked table back, in `FuzzRow` order (LONG as text: JSON numbers lose bits past 2^53). */
export const READ_BACK = 'select id, s, s2, d, cast(l as string), b, v, t, tn, arr, timestamp';

const MIN_LONG = -(2n ** 63n);
const MAX_LONG = 2n ** 63n - 1n;
const DOUBLES = [0, -0, 1, -1, 0.1, 1e-7, 123456789.125, 5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 53, 1e21, NaN, Infinity, -Infinity];
const LONGS = [0n, -1n, 1n, MAX_LONG, MIN_LONG + 1n, MIN_LONG, 2n ** 53n + 1n, -(2n ** 53n) - 1n];
const TRUE_WORDS = ['t', 'T', 'true', 'True', 'TRUE'];
const FALSE_WORDS = ['f', 'F', 'false', 'False', 'FALSE'];
const TEXT = 'abcxyzABC019 ,="\\é日😀-_.:/';
const TAG_TEXT = 'abcxyzABC019 ,=\\é日😀-_."\'';
/** Designated timestamps start at 2024-01-01 and move forward, as a feed's do; one row in ten is up to 3 days late. */
export const TS_FROM = 1704067200000000000n;
const LATE_SPAN = 259200000000000n;

function text(rnd: IlpRandom, alphabet: string, max: number): string {
  const chars = [...alphabet];
  let out = '';
  for (let n = rnd.int(0, max); n > 0; n--) out += rnd.pick(chars);
  return out;
}

function double(rnd: IlpRandom): number {
  if (rnd.chance(0.3)) return rnd.pick(DOUBLES);
  const x = (rnd.next() - 0.5) * 10 ** rnd.int(-12, 18);
  return rnd.chance(0.3) ? Math.round(x) : x;
}

/** A row with random values, each left out (NULL) now and then; `clock` is the feed's current time in ns. */
export function randomRow(rnd: IlpRandom, id: number, clock = TS_FROM): FuzzRow {
  const some = <T>(make: () => T): T | null => (rnd.chance(0.15) ? null : make());
  const d = some(() => double(rnd));
  const l = some(() => (rnd.chance(0.2) ? rnd.pick(LONGS) : rnd.int64()));
  return {
    id,
    s: some(() => text(rnd, TAG_TEXT, 8)),
    s2: some(() => rnd.pick(['x', 'y', 'z', 'longer value', ''])),
    d: d === null || !Number.isFinite(d) ? null : d,
    l: l === MIN_LONG ? null : l,
    b: some(() => rnd.chance(0.5)),
    v: some(() => text(rnd, TEXT + (rnd.chance(0.1) ? '\n\r' : ''), 24)),
    t: some(() => rnd.int(0, 2 ** 31) * rnd.int(0, 2 ** 21)),
    tn: some(() => BigInt(rnd.int(0, 2 ** 31)) * BigInt(rnd.int(0, 2 ** 31)) * 2n + BigInt(rnd.int(0, 1))),
    arr: some(() => Array.from({ length: rnd.int(0, 6) }, () => double(rnd))),
    ts: rnd.chance(0.05) ? undefined : designated(rnd, clock),
  };
}

function designated(rnd: IlpRandom, clock: bigint): bigint {
  if (!rnd.chance(0.1)) return clock;
  const late = clock - BigInt(Math.floor(rnd.next() * Number(LATE_SPAN / 1000n))) * 1000n;
  return late < TS_FROM ? TS_FROM : late;
}

function escapeName(s: string): string {
  return s.replace(/[\\ ,=]/g, (c) => `\\${c}`);
}

function escapeString(s: string): string {
  return s.replace(/[\\"\n]/g, (c) => `\\${c}`);
}

/**
 * One line for `row` into `table`, ending in `\n`. `raw` d/l values the row leaves out are sometimes written
 * as an empty value (`d=`), which is NULL in a column the table has.
 */
export function encodeRow(rnd: IlpRandom, table: string, row: FuzzRow): Buffer {
  const tags: string[] = [];
  if (row.s !== null) tags.push(`s=${escapeName(row.s)}`);
  if (row.s2 !== null) tags.push(`s2=${escapeName(row.s2)}`);
  if (rnd.chance(0.5)) tags.reverse();
  const fields: (string | Buffer)[] = [`id=${row.id}i`];
  const original = row.d === null && rnd.chance(0.3) ? rnd.pick([NaN, Infinity, -Infinity]) : row.d;
  if (original !== null) fields.push(rnd.chance(0.3) ? Buffer.concat([Buffer.from('d=='), binaryDouble(original)]) : `d=${String(original)}`);
  else if (rnd.chance(0.3)) fields.push('d=');
  if (row.l !== null) fields.push(`l=${row.l}i`);
  else if (rnd.chance(0.3)) fields.push(rnd.chance(0.5) ? 'l=' : `l=${MIN_LONG}i`);
  if (row.b !== null) fields.push(`b=${rnd.pick(row.b ? TRUE_WORDS : FALSE_WORDS)}`);
  if (row.v !== null) fields.push(`v="${escapeString(row.v)}"`);
  if (row.t !== null) fields.push(`t=${row.t}t`);
  if (row.tn !== null) fields.push(`tn=${row.tn}n`);
  if (row.arr !== null) fields.push(Buffer.concat([Buffer.from('arr=='), binaryArrayOf([row.arr.length], row.arr)]));
  for (let i = fields.length - 1; i > 1; i--) {
    const k = rnd.int(1, i);
    [fields[i], fields[k]] = [fields[k], fields[i]];
  }
  // A name repeated later in the line keeps its first value.
  if (row.l !== null && rnd.chance(0.05)) fields.push('l=7i');
  const parts: Buffer[] = [Buffer.from(table + (tags.length > 0 ? `,${tags.join(',')}` : '') + ' ')];
  fields.forEach((f, i) => parts.push(Buffer.from(i > 0 ? ',' : ''), typeof f === 'string' ? Buffer.from(f) : f));
  parts.push(Buffer.from(row.ts === undefined ? '\n' : ` ${row.ts}\n`));
  return Buffer.concat(parts);
}

/** The line that creates a checked table with every column, so later lines may leave any of them out. */
export function schemaRow(id: number): FuzzRow {
  return { id, s: 'seed', s2: 'x', d: 1.5, l: 1n, b: true, v: 'seed', t: 1, tn: 1n, arr: [1], ts: TS_FROM };
}

/** A row as /exec prints it for READ_BACK (µs designated timestamp; rows without one are not compared there). */
export function expectedCells(row: FuzzRow): unknown[] {
  // BOOLEAN has no NULL: a left-out boolean reads false.
  return [row.id, row.s, row.s2, row.d, row.l === null ? null : row.l.toString(), row.b ?? false, row.v,
    row.t === null ? null : isoMicros(BigInt(row.t)), row.tn === null ? null : isoNanos(row.tn),
    row.arr === null ? null : row.arr.map((x) => (Number.isFinite(x) ? x : null)),
    row.ts === undefined ? undefined : isoMicros(row.ts / 1000n)];
}

function isoMicros(us: bigint): string {
  const ms = us / 1000n;
  return `${new Date(Number(ms)).toISOString().slice(0, 19)}.${String(us % 1000000n).padStart(6, '0')}Z`;
}

function isoNanos(ns: bigint): string {
  const ms = ns / 1000000n;
  return `${new Date(Number(ms)).toISOString().slice(0, 19)}.${String(ns % 1000000000n).padStart(9, '0')}Z`;
}
