/**
 * rnd_* generators: ranges inclusive, nullRate = 1 in N rows null (0 = never).
 * They draw from FunctionContext.random, which long_sequence(n, seed1, seed2) seeds.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { Vector } from '../../../core/data/vector';
import { FunctionContext, ParamType, RandomSource, ScalarFunction } from '../../../core/extension/sql-function';
import { readValue, SqlValue } from '../../../core/sql/vector/sql-value';
import { appendValue } from '../../../core/sql/vector/append-value';
import { MemorySymbolTable } from '../../../core/data/symbol-table';

type Gen = (r: RandomSource, args: readonly SqlValue[]) => SqlValue;

function rnd(name: string, args: readonly ParamType[], returns: ColumnType, gen: Gen, variadic = false): ScalarFunction {
  return {
    kind: 'scalar', name, args, returns, volatile: true, variadic,
    constantArgs: args.map((_a, i) => i),
    kernel(vectors: readonly Vector[], n: number, type: ColumnType, c: FunctionContext): Vector {
      const consts = vectors.map((v) => readValue(v, 0));
      const b = new VectorBuilder(type, Math.max(1, n), type.tag === Types.SYMBOL.tag ? new MemorySymbolTable() : undefined);
      for (let i = 0; i < n; i++) appendValue(b, gen(c.random, consts));
      return b.build();
    },
  };
}

const int = (x: SqlValue): number => Number(x);
const between = (r: RandomSource, lo: number, hi: number): number => lo + Math.floor(r.nextDouble() * (hi - lo + 1));
const isNull = (r: RandomSource, rate: number): boolean => rate > 0 && Math.floor(r.nextDouble() * rate) === 0;
const pick = (r: RandomSource, list: readonly SqlValue[]): SqlValue => list[Math.floor(r.nextDouble() * list.length)];
const I = Types.INT, L = Types.LONG, D = Types.DOUBLE, S = Types.STRING;

function randomString(r: RandomSource, len: number): string {
  let s = '';
  for (let i = 0; i < len; i++) s += String.fromCharCode(65 + Math.floor(r.nextDouble() * 26));
  return s;
}

export const randomFunctions: readonly ScalarFunction[] = [
  rnd('rnd_int', [], I, (r) => r.nextInt()),
  rnd('rnd_int', [I, I, I], I, (r, a) => (isNull(r, int(a[2])) ? null : between(r, int(a[0]), int(a[1])))),
  rnd('rnd_long', [], L, (r) => r.nextInt() * 4294967296 + (r.nextInt() >>> 0)),
  rnd('rnd_long', [L, L, I], L, (r, a) => (isNull(r, int(a[2])) ? null : between(r, int(a[0]), int(a[1])))),
  rnd('rnd_short', [], Types.SHORT, (r) => (r.nextInt() << 16) >> 16),
  rnd('rnd_short', [I, I], Types.SHORT, (r, a) => between(r, int(a[0]), int(a[1]))),
  rnd('rnd_byte', [], Types.BYTE, (r) => (r.nextInt() << 24) >> 24),
  rnd('rnd_byte', [I, I], Types.BYTE, (r, a) => between(r, int(a[0]), int(a[1]))),
  rnd('rnd_double', [], D, (r) => r.nextDouble()),
  rnd('rnd_double', [I], D, (r, a) => (isNull(r, int(a[0])) ? null : r.nextDouble())),
  rnd('rnd_float', [], Types.FLOAT, (r) => Math.fround(r.nextDouble())),
  rnd('rnd_float', [I], Types.FLOAT, (r, a) => (isNull(r, int(a[0])) ? null : Math.fround(r.nextDouble()))),
  rnd('rnd_boolean', [], Types.BOOLEAN, (r) => r.nextDouble() < 0.5),
  rnd('rnd_char', [], Types.CHAR, (r) => String.fromCharCode(65 + Math.floor(r.nextDouble() * 26))),
  rnd('rnd_str', [I, I, I], S, (r, a) => (isNull(r, int(a[2])) ? null : randomString(r, between(r, int(a[0]), int(a[1]))))),
  rnd('rnd_str', [S], S, (r, a) => pick(r, a), true),
  rnd('rnd_varchar', [I, I, I], Types.VARCHAR, (r, a) => (isNull(r, int(a[2])) ? null : randomString(r, between(r, int(a[0]), int(a[1]))))),
  rnd('rnd_varchar', [S], Types.VARCHAR, (r, a) => pick(r, a), true),
  rnd('rnd_symbol', [S], Types.SYMBOL, (r, a) => pick(r, a), true),
  rnd('rnd_symbol', [I, I, I, I], Types.SYMBOL, (r, a) => (isNull(r, int(a[3])) ? null : randomString(r, between(r, int(a[1]), int(a[2]))))),
  rnd('rnd_timestamp', [Types.TIMESTAMP, Types.TIMESTAMP, I], Types.TIMESTAMP, (r, a) => (isNull(r, int(a[2])) ? null : between(r, int(a[0]), int(a[1])))),
  rnd('rnd_date', [Types.DATE, Types.DATE, I], Types.DATE, (r, a) => (isNull(r, int(a[2])) ? null : between(r, int(a[0]), int(a[1])))),
  rnd('rnd_ipv4', [], Types.IPV4, (r) => r.nextInt() || 1),
  rnd('rnd_uuid4', [], Types.UUID, (r) => {
    const h = Array.from({ length: 32 }, () => Math.floor(r.nextDouble() * 16).toString(16)).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
  }),
];
