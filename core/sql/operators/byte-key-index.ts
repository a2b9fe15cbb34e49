/**
 * Open-addressing hash from byte strings (a text value's UTF-8, a composite row key) to dense ids 0, 1, 2…
 * in first-seen order. Keys live back to back in one byte arena with their end offsets; the table holds
 * ids (-1 empty) and each id's 32-bit hash, so probing compares hashes first and bytes only on equal
 * hashes, and growing re-inserts without rehashing bytes. Typed arrays only: no per-key objects and no
 * JS Map/Set size limit (2^24 entries); growth asks the query's QueryMemory first.
 */
import { allocateTable, QueryMemory, UNLIMITED_MEMORY } from '../query-memory';

/** Load factor 1/2: linear probing stays short. */
const INITIAL_SLOTS = 1024;

export class ByteKeyIndex {
  count = 0;
  private arena = new Uint8Array(16384);
  /** ends[id] is the arena offset just past key id; key id starts at ends[id - 1] (0 for id 0). */
  private ends = new Float64Array(INITIAL_SLOTS / 2);
  private hashes = new Int32Array(INITIAL_SLOTS / 2);
  private slots = new Int32Array(INITIAL_SLOTS).fill(-1);
  private mask = INITIAL_SLOTS - 1;
  private used = 0;

  constructor(private readonly memory: QueryMemory = UNLIMITED_MEMORY, private readonly what = 'hash keys') {
    memory.grow(this.bytes, what);
  }

  /** Bytes held by the arena and the tables. */
  get bytes(): number {
    return this.arena.byteLength + this.ends.byteLength + this.hashes.byteLength + this.slots.byteLength;
  }

  /** The id of `key[lo..hi)`, adding it when new. */
  assign(key: Uint8Array, lo: number, hi: number): number {
    const h = hashBytes(key, lo, hi);
    let p = h & this.mask;
    for (;;) {
      const id = this.slots[p];
      if (id < 0) break;
      if (this.hashes[id] === h && this.equals(id, key, lo, hi)) return id;
      p = (p + 1) & this.mask;
    }
    const id = this.append(key, lo, hi, h);
    this.slots[p] = id;
    if (this.count * 2 > this.mask) this.growSlots();
    return id;
  }

  /** The id of `key[lo..hi)`, or -1 when it was never added. */
  find(key: Uint8Array, lo: number, hi: number): number {
    const h = hashBytes(key, lo, hi);
    let p = h & this.mask;
    for (;;) {
      const id = this.slots[p];
      if (id < 0) return -1;
      if (this.hashes[id] === h && this.equals(id, key, lo, hi)) return id;
      p = (p + 1) & this.mask;
    }
  }

  private equals(id: number, key: Uint8Array, lo: number, hi: number): boolean {
    const start = id === 0 ? 0 : this.ends[id - 1], end = this.ends[id];
    if (end - start !== hi - lo) return false;
    const a = this.arena;
    for (let i = 0; i < hi - lo; i++) if (a[start + i] !== key[lo + i]) return false;
    return true;
  }

  private append(key: Uint8Array, lo: number, hi: number, h: number): number {
    const len = hi - lo;
    if (this.used + len > this.arena.length) {
      const size = Math.max(this.arena.length * 2, this.used + len);
      this.memory.grow(size - this.arena.length, this.what);
      const grown = allocateTable(() => new Uint8Array(size), this.what);
      grown.set(this.arena.subarray(0, this.used));
      this.arena = grown;
    }
    this.arena.set(key.subarray(lo, hi), this.used);
    this.used += len;
    const id = this.count++;
    if (id >= this.ends.length) {
      const size = this.ends.length * 2;
      this.memory.grow((size - this.ends.length) * 12, this.what);
      const ends = allocateTable(() => new Float64Array(size), this.what), hashes = allocateTable(() => new Int32Array(size), this.what);
      ends.set(this.ends); hashes.set(this.hashes);
      this.ends = ends; this.hashes = hashes;
    }
    this.ends[id] = this.used;
    this.hashes[id] = h;
    return id;
  }

  private growSlots(): void {
    const size = this.slots.length * 2;
    this.memory.grow(size * 4 - this.slots.byteLength, this.what);
    const slots = allocateTable(() => new Int32Array(size).fill(-1), this.what);
    const mask = size - 1;
    for (let id = 0; id < this.count; id++) {
      let p = this.hashes[id] & mask;
      while (slots[p] >= 0) p = (p + 1) & mask;
      slots[p] = id;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

/** FNV-1a over the bytes, then a murmur3 finalizer so the low bits (the slot) mix well. */
export function hashBytes(key: Uint8Array, lo: number, hi: number): number {
  let h = 0x811c9dc5;
  for (let i = lo; i < hi; i++) h = Math.imul(h ^ key[i], 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
