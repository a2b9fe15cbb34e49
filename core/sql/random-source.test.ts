import assert from 'node:assert/strict';
import { test } from 'node:test';
import { XorShift128Plus } from './random-source';

/** QuestDB's step on 64-bit signed words, written with BigInt. */
function referenceSteps(s0: bigint, s1: bigint, n: number): bigint[] {
  const wrap = (x: bigint): bigint => BigInt.asIntN(64, x);
  const out: bigint[] = [];
  for (let i = 0; i < n; i++) {
    let a = s0;
    const b = s1;
    s0 = b;
    a = wrap(a ^ (a << 23n));
    s1 = wrap(a ^ b ^ (a >> 17n) ^ (b >> 26n));
    out.push(wrap(s1 + b));
  }
  return out;
}

test('the int32-halves generator equals the 64-bit xorshift128+ step for many words', () => {
  for (const [s0, s1] of [[128349234n, 4327897n], [33n, 55n], [-1n, 9223372036854775807n], [0xdeadbeefn, 0xdee4c0edn]] as const) {
    const r = XorShift128Plus.seeded(s0, s1);
    const expected = referenceSteps(BigInt.asIntN(64, s0), BigInt.asIntN(64, s1), 2000);
    for (let i = 0; i < expected.length; i++) assert.equal(r.nextLong(), expected[i], `seed ${s0},${s1} step ${i}`);
  }
});

test('rnd_double reproduces the documented seeded values', () => {
  const r = XorShift128Plus.seeded(128349234n, 4327897n);
  assert.equal(r.nextDouble(), 0.8251337821991485);
  assert.equal(r.nextDouble(), 0.2714941145110299);
});

test('derived draws take the low bits of one word', () => {
  const words = referenceSteps(33n, 55n, 4);
  const r = XorShift128Plus.seeded(33n, 55n);
  assert.equal(r.nextInt(), Number(BigInt.asIntN(32, words[0])));
  assert.equal(r.nextShort(), Number(BigInt.asIntN(16, words[1])));
  assert.equal(r.nextBoolean(), words[2] < 0n);
  const n = Number(BigInt.asIntN(32, words[3]));
  assert.equal(r.nextPositiveInt(), Math.abs(n));
});

test('an unseeded source draws from its own random state, and says it is unseeded', () => {
  const a = XorShift128Plus.unseeded(), b = XorShift128Plus.unseeded();
  assert.equal(a.seeded, false);
  const draws = (r: XorShift128Plus): number[] => Array.from({ length: 4 }, () => r.nextInt());
  assert.notDeepEqual(draws(a), draws(b));
});
