import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from './column-type';
import { exactAt, fromExactLongs } from './exact-longs';
import { joinNanos, splitInt64Nanos, splitNanosVector } from './nanos-split';
import { LONG_NULL, LONG_NULL_BIG } from './null-values';

const VALUES = [
  1704067200000000000n, 1704067200000000001n, 1704153599999999999n, 1704153600000000123n, 999n, 1000n, 0n, -1n, -1000n, -1001n,
  9007199254740991999n, -9007199254740991999n, 123456789n, 4294967295n, 4294967296n, 4294967296000n + 999n,
];

function expected(ns: bigint): [number, number] {
  let q = ns / 1000n;
  let s = ns - q * 1000n;
  if (s < 0n) { q -= 1n; s += 1000n; }
  return [Number(q), Number(s)];
}

test('splitting int64 nanoseconds gives floor µs and the ns within, exactly, negatives and extremes included', () => {
  const exact = BigInt64Array.from(VALUES);
  const micros = new Float64Array(VALUES.length);
  const sub = new Uint16Array(VALUES.length);
  splitInt64Nanos(new Int32Array(exact.buffer), 0, VALUES.length, micros, sub, 0);
  VALUES.forEach((ns, i) => assert.deepEqual([micros[i], sub[i]], expected(ns), String(ns)));
});

test('a vector splits through its exact int64s, or its doubles when all lie within 2^53; null stays null', () => {
  const big = fromExactLongs(Types.TIMESTAMP_NS, BigInt64Array.from([1704067200000000001n, LONG_NULL_BIG]));
  const small = fromExactLongs(Types.TIMESTAMP_NS, BigInt64Array.from([-1n, 2001n, LONG_NULL_BIG]));
  assert.ok(big.exact !== undefined && small.exact === undefined);
  const micros = new Float64Array(3);
  const sub = new Uint16Array(3);
  splitNanosVector(big, 0, 2, micros, sub, 1);
  assert.deepEqual([micros[1], sub[1], micros[2]], [1704067200000000, 1, LONG_NULL]);
  splitNanosVector(small, 0, 3, micros, sub, 0);
  assert.deepEqual([...micros, ...sub], [-1, 2, LONG_NULL, 999, 1, 0]);
});

test('joining µs and ns within gives the exact nanoseconds back', () => {
  const finite = VALUES;
  const micros = new Float64Array(finite.length + 1);
  const sub = new Uint16Array(finite.length + 1);
  finite.forEach((ns, i) => { [micros[i], sub[i]] = expected(ns); });
  micros[finite.length] = LONG_NULL;
  const v = joinNanos(Types.TIMESTAMP_NS, micros, sub, finite.length + 1);
  finite.forEach((ns, i) => assert.equal(exactAt(v, i), ns));
  assert.equal(exactAt(v, finite.length), LONG_NULL_BIG);
  const plain = joinNanos(Types.TIMESTAMP_NS, Float64Array.of(5, -2), undefined, 2);
  assert.equal(plain.exact, undefined);
  assert.deepEqual([...plain.data], [5000, -2000]);
});
