/**
 * The rnd_* random source: QuestDB's xorshift128+ variant, so `long_sequence(n, seed1, seed2)` gives the
 * reference's values. State (s0, s1) = (seed1, seed2); per step
 * `a = s0; b = s1; s0 = b; a ^= a << 23; s1 = a ^ b ^ (a >> 17) ^ (b >> 26); return s1 + b`
 * (64-bit wrap, arithmetic shifts). The 64-bit words are held as two int32 halves, so a step allocates
 * nothing. Unseeded queries start from Math.random.
 */
import { RandomSource } from '../extension/sql-function';

const TWO_32 = 4294967296;
const DOUBLE_UNIT = 2 ** -53;
const FLOAT_UNIT = 2 ** -24;

const randomInt32 = (): number => Math.floor(Math.random() * TWO_32) | 0;

export class XorShift128Plus implements RandomSource {
  /** The last word drawn by `next()`, as two int32 halves. */
  private hi = 0;
  private lo = 0;

  /** The state's words as int32 halves (high, low). */
  private constructor(private s0hi: number, private s0lo: number, private s1hi: number, private s1lo: number, readonly seeded: boolean) {}

  /** The source `long_sequence(n, seed0, seed1)` seeds. */
  static seeded(seed0: bigint, seed1: bigint): XorShift128Plus {
    const a = BigInt.asUintN(64, seed0), b = BigInt.asUintN(64, seed1);
    const half = (x: bigint): number => Number(BigInt.asIntN(32, x));
    return new XorShift128Plus(half(a >> 32n), half(a), half(b >> 32n), half(b), true);
  }

  /** An unseeded source from Math.random's bits, without BigInt: every compiled statement makes one. */
  static unseeded(): XorShift128Plus {
    return new XorShift128Plus(randomInt32(), randomInt32(), randomInt32(), randomInt32(), false);
  }

  /** One step; the result is left in `hi`/`lo`. */
  private next(): void {
    let ahi = this.s0hi, alo = this.s0lo;
    const bhi = this.s1hi, blo = this.s1lo;
    this.s0hi = bhi;
    this.s0lo = blo;
    // a ^= a << 23
    ahi ^= (ahi << 23) | (alo >>> 9);
    alo ^= alo << 23;
    // s1 = a ^ b ^ (a >> 17) ^ (b >> 26), arithmetic shifts
    const shi = ahi ^ bhi ^ (ahi >> 17) ^ (bhi >> 26);
    const slo = alo ^ blo ^ ((alo >>> 17) | (ahi << 15)) ^ ((blo >>> 26) | (bhi << 6));
    this.s1hi = shi;
    this.s1lo = slo;
    // return s1 + b
    const low = (slo >>> 0) + (blo >>> 0);
    this.lo = low | 0;
    this.hi = (shi + bhi + (low >= TWO_32 ? 1 : 0)) | 0;
  }

  /** `(next() & (2^48 - 1)) >>> (48 - bits)`. */
  private bitsForDouble(bits: number): number {
    this.next();
    return Math.floor(((this.hi & 0xffff) * TWO_32 + (this.lo >>> 0)) / 2 ** (48 - bits));
  }

  nextLong(): bigint {
    this.next();
    return (BigInt(this.hi) << 32n) | BigInt(this.lo >>> 0);
  }

  nextInt(): number {
    this.next();
    return this.lo;
  }

  nextPositiveInt(): number {
    const n = this.nextInt();
    return n > 0 ? n : n === -2147483648 ? 2147483647 : -n;
  }

  nextPositiveLong(): bigint {
    const l = this.nextLong();
    return l > 0n ? l : l === -9223372036854775808n ? 9223372036854775807n : -l;
  }

  nextDouble(): number {
    return (this.bitsForDouble(26) * 134217728 + this.bitsForDouble(27)) * DOUBLE_UNIT;
  }

  nextFloat(): number {
    return this.bitsForDouble(24) * FLOAT_UNIT;
  }

  nextBoolean(): boolean {
    this.next();
    return this.hi < 0;
  }

  nextShort(): number {
    this.next();
    return (this.lo << 16) >> 16;
  }

  /** `'B'..'Z'` (QuestDB's legacy character range). */
  nextChar(): string {
    return String.fromCharCode((this.nextPositiveInt() % 25) + 66);
  }

  nextChars(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += this.nextChar();
    return s;
  }
}

export function randomSource(seeds: readonly [bigint, bigint] | undefined): RandomSource {
  return seeds ? XorShift128Plus.seeded(seeds[0], seeds[1]) : XorShift128Plus.unseeded();
}
