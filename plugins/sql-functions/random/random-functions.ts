/**
 * rnd_* generators with QuestDB's draws, so seeded queries give QuestDB's
 * values: a null-rate check draws `nextInt() % (rate + 1) == 1` first (even at rate 0), a range is
 * `lo + nextPositiveInt() % (hi - lo + 1)`, characters are `'B'..'Z'`. They share the query's
 * FunctionContext.random, which long_sequence(n, seed1, seed2) seeds.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { Vector } from '../../../core/data/vector';
import { FunctionContext, ParamType, RandomSource, ScalarFunction } from '../../../core/extension/sql-function';
import { readValue, SqlValue } from '../../../core/sql/vector/sql-value';
import { appendValue } from '../../../core/sql/vector/append-value';
import { MemorySymbolTable } from '../../../core/data/symbol-table';
import { SvcError } from '../../../core/errors';
import { randomBinary, randomVarchar } from './random-bytes';

type Gen = (r: RandomSource, args: readonly SqlValue[], state: GeneratorState) => SqlValue;

/** Per execution and call site: what a generator prepares once (rnd_symbol's dictionary). */
interface GeneratorState {
  symbols?: string[];
}

const states = new WeakMap<RandomSource, WeakMap<object, GeneratorState>>();

function stateOf(r: RandomSource, site: object | undefined): GeneratorState {
  let bySite = states.get(r);
  if (!bySite) { bySite = new WeakMap(); states.set(r, bySite); }
  const key = site ?? r;
  let s = bySite.get(key);
  if (!s) { s = {}; bySite.set(key, s); }
  return s;
}

function rnd(name: string, args: readonly ParamType[], returns: ColumnType, gen: Gen, variadic = false): ScalarFunction {
  return {
    kind: 'scalar', name, args, returns, volatile: true, variadic,
    constantArgs: args.map((_a, i) => i),
    kernel(vectors: readonly Vector[], n: number, type: ColumnType, c: FunctionContext, site?: object): Vector {
      const consts = vectors.map((v) => readValue(v, 0));
      const state = stateOf(c.random, site);
      const b = new VectorBuilder(type, Math.max(1, n), type.tag === Types.SYMBOL.tag ? new MemorySymbolTable() : undefined);
      for (let i = 0; i < n; i++) appendValue(b, gen(c.random, consts, state));
      return b.build();
    },
  };
}

const int = (x: SqlValue): number => Number(x);
const long = (x: SqlValue): bigint => (typeof x === 'bigint' ? x : BigInt(Math.trunc(Number(x))));
/** QuestDB's null-rate check: one draw, null when `nextInt() % (rate + 1) == 1`. */
const isNull = (r: RandomSource, rate: number): boolean => r.nextInt() % (rate + 1) === 1;
const inRange = (r: RandomSource, lo: number, hi: number): number => lo + (r.nextPositiveInt() % (hi - lo + 1));
const inLongRange = (r: RandomSource, lo: bigint, hi: bigint): bigint => lo + (r.nextPositiveLong() % (hi - lo + 1n));
const pick = (r: RandomSource, list: readonly SqlValue[]): SqlValue => list[r.nextPositiveInt() % list.length];
const int16 = (x: number): number => (x << 16) >> 16;
const int8 = (x: number): number => (x << 24) >> 24;

/** rnd_short(lo, hi) / rnd_byte(lo, hi): a short draw folded into the range (Java's `%` keeps the sign). */
function shortInRange(r: RandomSource, lo: number, range: number, narrow: (x: number) => number): number {
  const s = r.nextShort();
  return narrow(s < 0 ? lo - (s % range) : lo + (s % range));
}

function checkRange(lo: SqlValue, hi: SqlValue): void {
  if (lo === null || hi === null || Number(lo) > Number(hi)) throw SvcError.sql(0, 'invalid range');
}

/** rnd_str(lo, hi, nullRate): a fixed length draws no length. */
function randomString(r: RandomSource, a: readonly SqlValue[]): SqlValue {
  if (isNull(r, int(a[2]))) return null;
  const lo = int(a[0]), hi = int(a[1]);
  return r.nextChars(lo === hi ? lo : inRange(r, lo, hi));
}

/** rnd_symbol(count, lo, hi, nullRate): `count` strings drawn once per execution, then picked per row. */
function randomSymbol(r: RandomSource, a: readonly SqlValue[], state: GeneratorState): SqlValue {
  const count = int(a[0]), lo = int(a[1]), hi = int(a[2]);
  if (!state.symbols) {
    state.symbols = [];
    for (let i = 0; i < count; i++) state.symbols.push(r.nextChars(lo === hi ? lo : inRange(r, lo, hi)));
  }
  if (isNull(r, int(a[3]))) return null;
  return state.symbols[r.nextPositiveInt() % count];
}

function uuidText(hi: bigint, lo: bigint): string {
  const h = BigInt.asUintN(64, hi).toString(16).padStart(16, '0') + BigInt.asUintN(64, lo).toString(16).padStart(16, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const I = Types.INT, L = Types.LONG, D = Types.DOUBLE, S = Types.STRING;

export const randomFunctions: readonly ScalarFunction[] = [
  rnd('rnd_int', [], I, (r) => r.nextInt()),
  rnd('rnd_int', [I, I, I], I, (r, a) => { checkRange(a[0], a[1]); return isNull(r, int(a[2])) ? null : inRange(r, int(a[0]), int(a[1])); }),
  rnd('rnd_long', [], L, (r) => r.nextLong()),
  rnd('rnd_long', [L, L, I], L, (r, a) => { checkRange(a[0], a[1]); return isNull(r, int(a[2])) ? null : inLongRange(r, long(a[0]), long(a[1])); }),
  rnd('rnd_short', [], Types.SHORT, (r) => r.nextShort()),
  rnd('rnd_short', [I, I], Types.SHORT, (r, a) => shortInRange(r, int(a[0]), int16(int(a[1]) - int(a[0]) + 1), int16)),
  rnd('rnd_byte', [], Types.BYTE, (r) => shortInRange(r, 20, 108, int8)),
  rnd('rnd_byte', [I, I], Types.BYTE, (r, a) => shortInRange(r, int(a[0]), int8(int(a[1]) - int(a[0]) + 1), int8)),
  rnd('rnd_double', [], D, (r) => r.nextDouble()),
  rnd('rnd_double', [I], D, (r, a) => (isNull(r, int(a[0])) ? null : r.nextDouble())),
  rnd('rnd_float', [], Types.FLOAT, (r) => r.nextFloat()),
  rnd('rnd_float', [I], Types.FLOAT, (r, a) => (isNull(r, int(a[0])) ? null : r.nextFloat())),
  rnd('rnd_boolean', [], Types.BOOLEAN, (r) => r.nextBoolean()),
  rnd('rnd_char', [], Types.CHAR, (r) => r.nextChar()),
  rnd('rnd_str', [I, I, I], S, (r, a) => randomString(r, a)),
  rnd('rnd_str', [S], S, (r, a) => pick(r, a), true),
  rnd('rnd_varchar', [I, I, I], Types.VARCHAR, (r, a) => randomVarchar(r, int(a[0]), int(a[1]), int(a[2]))),
  rnd('rnd_varchar', [S], Types.VARCHAR, (r, a) => pick(r, a), true),
  rnd('rnd_symbol', [S], Types.SYMBOL, (r, a) => pick(r, a), true),
  rnd('rnd_symbol', [I, I, I, I], Types.SYMBOL, (r, a, state) => randomSymbol(r, a, state)),
  rnd('rnd_timestamp', [Types.TIMESTAMP, Types.TIMESTAMP, I], Types.TIMESTAMP,
    (r, a) => { checkRange(a[0], a[1]); return isNull(r, int(a[2])) ? null : inLongRange(r, long(a[0]), long(a[1])); }),
  rnd('rnd_date', [Types.DATE, Types.DATE, I], Types.DATE,
    (r, a) => { checkRange(a[0], a[1]); return isNull(r, int(a[2])) ? null : inLongRange(r, long(a[0]), long(a[1])); }),
  rnd('rnd_ipv4', [], Types.IPV4, (r) => r.nextInt()),
  rnd('rnd_uuid4', [], Types.UUID, (r) => {
    const hi = (r.nextLong() & ~0xf000n) | 0x4000n;
    const lo = (r.nextLong() & 0x3fffffffffffffffn) | -0x8000000000000000n;
    return uuidText(hi, lo);
  }),
  rnd('rnd_long256', [], Types.LONG256, (r) => {
    const words = [r.nextLong(), r.nextLong(), r.nextLong(), r.nextLong()];
    const text = words.reverse().map((w) => BigInt.asUintN(64, w).toString(16).padStart(16, '0')).join('');
    return `0x${text}`;
  }),
  rnd('rnd_bin', [], Types.BINARY, (r) => randomBinary(r, 32n, 32n, -1)),
  rnd('rnd_bin', [L, L, I], Types.BINARY, (r, a) => randomBinary(r, long(a[0]), long(a[1]), int(a[2]))),
];
