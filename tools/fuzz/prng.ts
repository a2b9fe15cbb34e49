/**
 * The fuzzers' one source of randomness: a seeded xorshift128+ generator, so a seed names a run exactly
 * (same seed, same tables, same queries) and a mismatch can be replayed with `--seed N`.
 */
export class Prng {
  private s0: bigint;
  private s1: bigint;

  constructor(seed: number) {
    // splitmix64 spreads a small seed over both words of state (xorshift needs a non-zero state).
    let z = BigInt.asUintN(64, BigInt(Math.trunc(seed)) + 0x9e3779b97f4a7c15n);
    const next = (): bigint => {
      z = BigInt.asUintN(64, z + 0x9e3779b97f4a7c15n);
      let x = z;
      x = BigInt.asUintN(64, (x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n);
      x = BigInt.asUintN(64, (x ^ (x >> 27n)) * 0x94d049bb133111ebn);
      return x ^ (x >> 31n);
    };
    this.s0 = next();
    this.s1 = next() | 1n;
  }

  /** 64 random bits. */
  bits64(): bigint {
    let x = this.s0;
    const y = this.s1;
    this.s0 = y;
    x = BigInt.asUintN(64, x ^ (x << 23n));
    this.s1 = x ^ y ^ (x >> 17n) ^ (y >> 26n);
    return BigInt.asUintN(64, this.s1 + y);
  }

  /** A float in [0, 1). */
  next(): number {
    return Number(this.bits64() >> 11n) / 2 ** 53;
  }

  /** An integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the items, each with its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  }

  /** Up to n distinct items in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, Math.min(n, copy.length));
  }

  /** A fresh generator whose stream depends on this one's state and on `salt` (one per query, per table). */
  fork(salt: number): Prng {
    return new Prng(Number(this.bits64() >> 12n) ^ salt);
  }
}
