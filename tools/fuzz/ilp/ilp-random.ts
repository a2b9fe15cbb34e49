/**
 * The line-protocol fuzzer's randomness: a seeded 32-bit generator (mulberry32), so `--seed N` replays a run
 * exactly: the same tables, lines, mutations and request order for every worker.
 */
export class IlpRandom {
  private state: number;

  constructor(seed: number) {
    this.state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** 64 random bits as a signed bigint. */
  int64(): bigint {
    const hi = BigInt(this.int(0, 0xffffffff));
    const lo = BigInt(this.int(0, 0xffffffff));
    return BigInt.asIntN(64, (hi << 32n) | lo);
  }

  /** A new generator whose sequence depends only on this one's next value (one per worker). */
  fork(): IlpRandom {
    return new IlpRandom(this.int(0, 0x7fffffff));
  }
}
