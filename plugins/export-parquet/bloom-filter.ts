/**
 * A Parquet Split Block Bloom Filter (parquet-format BloomFilter.md): 256-bit blocks of eight 32-bit
 * words, one bit per word set from the XXH64 of the value's plain encoding. Sized from the distinct
 * count and the false-positive probability (`bloom_filter_fpp`).
 */
import { ThriftWriter } from './thrift-compact';

const SALT = new Uint32Array([0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31]);
const MIN_BYTES = 32;
const MAX_BYTES = 128 * 1024 * 1024;

/** Bytes for `ndv` distinct values at `fpp`, a power of two (BloomFilter.md "Sizing"). */
export function bloomFilterBytes(ndv: number, fpp: number): number {
  const bits = (-8 * Math.max(ndv, 1)) / Math.log(1 - Math.pow(fpp, 1 / 8));
  let bytes = MIN_BYTES;
  while (bytes * 8 < bits && bytes < MAX_BYTES) bytes *= 2;
  return bytes;
}

export class BloomFilter {
  readonly words: Uint32Array;
  private readonly blocks: number;

  constructor(bytes: number) {
    this.words = new Uint32Array(bytes / 4);
    this.blocks = bytes / 32;
  }

  insert(hash: bigint): void {
    const block = Number(((hash >> 32n) * BigInt(this.blocks)) >> 32n);
    const key = Number(hash & 0xffffffffn);
    const base = block * 8;
    for (let i = 0; i < 8; i++) this.words[base + i] |= 1 << (Math.imul(key, SALT[i]) >>> 27);
  }

  /** BloomFilterHeader (thrift) followed by the bitset, as written at `bloom_filter_offset`. */
  serialize(): Uint8Array {
    const t = new ThriftWriter();
    t.i32(1, this.words.length * 4);
    t.struct(2).empty(1).end();
    t.struct(3).empty(1).end();
    t.struct(4).empty(1).end();
    const header = t.finish();
    const out = new Uint8Array(header.length + this.words.length * 4);
    out.set(header);
    const le = new DataView(out.buffer, header.length);
    for (let i = 0; i < this.words.length; i++) le.setUint32(i * 4, this.words[i], true);
    return out;
  }
}
