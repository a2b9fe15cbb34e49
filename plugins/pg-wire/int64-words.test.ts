import assert from 'node:assert/strict';
import test from 'node:test';
import { divideWords, Int64Words, putInt64Sum } from './int64-words';

const edges = [0n, 1n, -1n, 999n, -1000n, -1001n, 2n ** 53n + 1n, -(2n ** 53n) - 1n, 2n ** 63n - 1n, -(2n ** 63n) + 1n, -(2n ** 63n),
  253402300799999999n, -62135596800000000n, 1704067200123456789n];

function random(seed: number, n: number): bigint[] {
  let s = BigInt(seed);
  const out: bigint[] = [];
  for (let k = 0; k < n; k++) { s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn; out.push(BigInt.asIntN(64, s >> BigInt(k % 40))); }
  return out;
}

const floorDiv = (x: bigint, d: bigint): bigint => { const q = x / d; return x < 0n && q * d !== x ? q - 1n : q; };

test('words read back every 64-bit value, and divide it exactly with a floor quotient and a remainder in [0, d)', () => {
  const values = BigInt64Array.from([...edges, ...random(7, 2000)]);
  const words = new Int64Words(values);
  const out = new Float64Array(2);
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    assert.equal(BigInt(words.hi(i)) * 4294967296n + BigInt(words.lo(i)), x, String(x));
    for (const d of [1000, 1_000_000, 1_000_000_000, 86_400]) {
      divideWords(words.hi(i), words.lo(i), d, out);
      const q = floorDiv(x, BigInt(d));
      if (q > 2n ** 53n || q < -(2n ** 53n)) continue;
      assert.deepEqual([out[0], out[1]], [Number(q), Number(x - q * BigInt(d))], `${x} / ${d}`);
    }
  }
});

test('putInt64Sum writes a × m + c exactly as a big-endian int64', () => {
  const b = Buffer.alloc(8);
  const cases: [number, number, number][] = [[0, 1_000_000, 0], [-1, 1_000_000, 999_999], [252455616000, 1_000_000, 999_999],
    [-9223372036855, 1_000_000, 224_193], [9223372036854, 1_000_000, 775_807], [9007199254740, 1000, 0], [-9007199254740, 1000, 0], [-1, 1, 0]];
  for (const s of random(11, 500)) cases.push([Number(floorDiv(s, 1_000_000n) / 1000n), 1_000_000, Number(((s % 1_000_000n) + 1_000_000n) % 1_000_000n)]);
  for (const [a, m, c] of cases) {
    putInt64Sum(b, 0, a, m, c);
    assert.equal(b.readBigInt64BE(0), BigInt(a) * BigInt(m) + BigInt(c), `${a} × ${m} + ${c}`);
  }
});
