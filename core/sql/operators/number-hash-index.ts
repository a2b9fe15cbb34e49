/**
 * Open-addressing hash from a number key (the double value of any number-like column) to a dense group
 * id: keys in a Float64Array, ids in an Int32Array, linear probing, hashed from the key's 64 bits
 * (number-hash.ts).
 * About 5× faster than Map<number, number> for 100k keys (highcard GROUP BY), and without Map's limit of
 * 2^24 entries; growth asks the query's QueryMemory first.
 */
import { allocateTable, QueryMemory, UNLIMITED_MEMORY } from '../query-memory';
import { hashBits } from './number-hash';

export class NumberHashIndex {
  private keys: Float64Array;
  private ids: Int32Array;
  private mask: number;
  private size = 0;

  /** Keys assigned so far, NaN not included. */
  get count(): number {
    return this.size;
  }
  private nanId = -1;
  private readonly scratch = new Float64Array(1);
  private readonly bits = new Uint32Array(this.scratch.buffer);
  private readonly one = new Float64Array(1);
  private readonly oneId = new Int32Array(1);

  constructor(capacity = 1024, private readonly memory: QueryMemory = UNLIMITED_MEMORY, private readonly what = 'hash keys') {
    const cap = 1 << Math.ceil(Math.log2(Math.max(16, capacity)));
    memory.grow(cap * 12, what);
    this.keys = new Float64Array(cap);
    this.ids = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.keys.byteLength + this.ids.byteLength;
  }

  /** The id of one value, assigning it (`onNew`) when new. */
  assignOne(x: number, onNew: () => number): number {
    this.one[0] = x;
    this.assign(this.one, 1, this.oneId, onNew);
    return this.oneId[0];
  }

  /** Calls `fn` with every key (NaN included when assigned), in slot order. */
  forEachKey(fn: (x: number) => void): void {
    if (this.nanId >= 0) fn(NaN);
    for (let p = 0; p <= this.mask; p++) if (this.ids[p] >= 0) fn(this.keys[p]);
  }

  /** The id of `x`, or -1 when it was never assigned. */
  find(x: number): number {
    if (x !== x) return this.nanId;
    const scratch = this.scratch, bits = this.bits;
    scratch[0] = x;
    let p = hashBits(bits[0], bits[1]) & this.mask;
    for (;;) {
      const id = this.ids[p];
      if (id < 0 || this.keys[p] === x) return id;
      p = (p + 1) & this.mask;
    }
  }

  /**
   * Fills groups[0..n) with ids of d[0..n); `onNew(row)` returns the id for a first-seen key
   * (the caller records the key's value).
   */
  assign(d: ArrayLike<number>, n: number, groups: Int32Array, onNew: (row: number) => number): void {
    const scratch = this.scratch, bits = this.bits;
    for (let i = 0; i < n; i++) {
      const x = d[i];
      if (x !== x) {
        if (this.nanId < 0) this.nanId = onNew(i);
        groups[i] = this.nanId;
        continue;
      }
      scratch[0] = x;
      let p = hashBits(bits[0], bits[1]) & this.mask;
      let id: number;
      for (;;) {
        id = this.ids[p];
        if (id < 0) {
          id = onNew(i);
          this.keys[p] = x;
          this.ids[p] = id;
          if (++this.size * 2 > this.mask) this.grow();
          break;
        }
        if (this.keys[p] === x) break;
        p = (p + 1) & this.mask;
      }
      groups[i] = id;
    }
  }

  private grow(): void {
    const oldKeys = this.keys, oldIds = this.ids;
    const cap = oldKeys.length * 2;
    this.memory.grow(oldKeys.length * 12, this.what);
    this.keys = allocateTable(() => new Float64Array(cap), this.what);
    this.ids = allocateTable(() => new Int32Array(cap).fill(-1), this.what);
    this.mask = cap - 1;
    for (let q = 0; q < oldKeys.length; q++) {
      const id = oldIds[q];
      if (id < 0) continue;
      const x = oldKeys[q];
      this.scratch[0] = x;
      let p = hashBits(this.bits[0], this.bits[1]) & this.mask;
      while (this.ids[p] >= 0) p = (p + 1) & this.mask;
      this.keys[p] = x;
      this.ids[p] = id;
    }
  }
}
