/**
 * svc holds LONG, DATE and TIMESTAMP values as doubles of the integer (exact up to 2^53) with the exact
 * 64-bit values beside them when larger ones occur (core/data/vector.ts). Arrow wants int64: this writes
 * each double's two 32-bit halves into a BigInt64Array's buffer, so no BigInt is created per value.
 */
import { Vector } from '../../core/data/vector';

const TWO_32 = 4294967296;

/** The vector's values as int64, multiplied by `scale` (1 keeps them; 1000 turns µs into ns). */
export function int64Values(v: Vector, n: number, scale = 1): BigInt64Array {
  const out = new BigInt64Array(n);
  if (v.exact) {
    const exact = v.exact;
    const big = BigInt(scale);
    for (let i = 0; i < n; i++) out[i] = scale === 1 ? exact[i] : exact[i] * big;
    return out;
  }
  const d = v.data;
  const words = new Uint32Array(out.buffer);
  for (let i = 0; i < n; i++) {
    const x = d[i] * scale;
    const hi = Math.floor(x / TWO_32);
    words[2 * i] = x - hi * TWO_32;
    words[2 * i + 1] = hi | 0;
  }
  return out;
}
