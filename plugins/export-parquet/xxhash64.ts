/**
 * XXH64 with seed 0, the hash Parquet bloom filters use (parquet-format BloomFilter.md). BigInt
 * arithmetic: bloom filters are opt-in per column, so clarity beats speed here.
 */
const M = (1n << 64n) - 1n;
const P1 = 11400714785074694791n;
const P2 = 14029467366897019727n;
const P3 = 1609587929392839161n;
const P4 = 9650029242287828579n;
const P5 = 2870177450012600261n;

function rotl(x: bigint, r: bigint): bigint {
  return ((x << r) | (x >> (64n - r))) & M;
}

function round(acc: bigint, lane: bigint): bigint {
  return (rotl((acc + lane * P2) & M, 31n) * P1) & M;
}

function merge(acc: bigint, v: bigint): bigint {
  return (((acc ^ round(0n, v)) * P1) & M) + P4 & M;
}

function u64(b: Uint8Array, i: number): bigint {
  const lo = (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;
  const hi = (b[i + 4] | (b[i + 5] << 8) | (b[i + 6] << 16) | (b[i + 7] << 24)) >>> 0;
  return (BigInt(hi) << 32n) | BigInt(lo);
}

function u32(b: Uint8Array, i: number): bigint {
  return BigInt((b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0);
}

export function xxhash64(b: Uint8Array, start = 0, end = b.length): bigint {
  const len = end - start;
  let i = start;
  let h: bigint;
  if (len >= 32) {
    let v1 = (P1 + P2) & M;
    let v2 = P2;
    let v3 = 0n;
    let v4 = (M + 1n - P1) & M;
    while (i + 32 <= end) {
      v1 = round(v1, u64(b, i)); v2 = round(v2, u64(b, i + 8));
      v3 = round(v3, u64(b, i + 16)); v4 = round(v4, u64(b, i + 24));
      i += 32;
    }
    h = (rotl(v1, 1n) + rotl(v2, 7n) + rotl(v3, 12n) + rotl(v4, 18n)) & M;
    h = merge(h, v1); h = merge(h, v2); h = merge(h, v3); h = merge(h, v4);
  } else {
    h = P5;
  }
  h = (h + BigInt(len)) & M;
  while (i + 8 <= end) {
    h ^= round(0n, u64(b, i));
    h = (rotl(h, 27n) * P1 + P4) & M;
    i += 8;
  }
  if (i + 4 <= end) {
    h ^= (u32(b, i) * P1) & M;
    h = (rotl(h, 23n) * P2 + P3) & M;
    i += 4;
  }
  while (i < end) {
    h ^= (BigInt(b[i]) * P5) & M;
    h = (rotl(h, 11n) * P1) & M;
    i++;
  }
  h ^= h >> 33n; h = (h * P2) & M;
  h ^= h >> 29n; h = (h * P3) & M;
  h ^= h >> 32n;
  return h;
}
