/**
 * The rnd_* random source: xorshift128+ seeded from long_sequence(n, seed1, seed2), else from
 * Math.random. (QuestDB's exact sequence is not reproduced; QuestDB's SQL dialect marks it optional.)
 */
import { RandomSource } from '../extension/sql-function';

export class XorShift128Plus implements RandomSource {
  private s0: bigint;
  private s1: bigint;

  constructor(seed0: number, seed1: number) {
    this.s0 = BigInt.asUintN(64, BigInt(Math.trunc(seed0)) || 0x9e3779b97f4a7c15n);
    this.s1 = BigInt.asUintN(64, BigInt(Math.trunc(seed1)) || 0x6a09e667f3bcc909n);
  }

  private next(): bigint {
    let x = this.s0;
    const y = this.s1;
    this.s0 = y;
    x = BigInt.asUintN(64, x ^ (x << 23n));
    this.s1 = BigInt.asUintN(64, x ^ y ^ (x >> 17n) ^ (y >> 26n));
    return BigInt.asUintN(64, this.s1 + y);
  }

  nextDouble(): number {
    return Number(this.next() >> 11n) / 9007199254740992;
  }

  nextInt(): number {
    return Number(BigInt.asIntN(32, this.next()));
  }
}

export function randomSource(seeds: readonly [number, number] | undefined): RandomSource {
  if (seeds) return new XorShift128Plus(seeds[0], seeds[1]);
  return new XorShift128Plus(Math.floor(Math.random() * 2 ** 52), Math.floor(Math.random() * 2 ** 52));
}
