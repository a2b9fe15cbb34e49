/**
 * The hash table of a worker's GROUP BY on one number key: open addressing with linear probing where a
 * group's key, row count and aggregate fields sit side by side in one Float64Array row (`stride` doubles:
 * key, rows, fields…), so a row of input costs one cache line of table, not one per array. The probe
 * itself is generated into the kernel (kernel-source.ts) with `data` and `mask` in locals; this class
 * owns growth, NaN and the group order. NaN (DOUBLE's null) has a row of its own past the probed slots;
 * -0 is keyed as 0. Groups are remembered in first-seen order, so partial results merge into the group
 * order a single thread would produce. Growth (at 70% load) asks the query's shared budget first. A
 * table of one radix partition (radix-aggregate.ts) also keeps each group's first row ordinal, by which
 * the partitions' groups are put back into scan order, and gives its memory back once extracted.
 */
import { hashBits } from '../sql/operators/number-hash';
import { growShared, releaseShared } from './shared-memory-budget';

const WHAT = 'GROUP BY keys';

export class PackedNumberTable {
  /** Rows of `stride` doubles; row `mask + 1` is NaN's. */
  data: Float64Array;
  mask: number;
  /** Groups so far. */
  size = 0;
  /** A key is written to `scratch[0]` to read its bits as `bits[0]` (low) and `bits[1]` (high). */
  readonly scratch = new Float64Array(1);
  readonly bits = new Uint32Array(this.scratch.buffer);
  /** Slot index of each group in first-seen order. */
  private order: Int32Array;
  /** With `firsts`: the ordinal of each group's first row, in first-seen order. */
  private firsts: Float64Array | undefined;
  /** Bytes counted against the budget. */
  private accounted: number;

  constructor(readonly stride: number, private readonly budget: Int32Array, capacity = 4096, withFirsts = false) {
    const cap = 1 << Math.ceil(Math.log2(Math.max(16, capacity)));
    this.accounted = (cap + 1) * stride * 8 + cap * (withFirsts ? 12 : 4);
    growShared(budget, this.accounted, WHAT);
    this.data = new Float64Array((cap + 1) * stride);
    this.order = new Int32Array(cap);
    this.firsts = withFirsts ? new Float64Array(cap) : undefined;
    this.mask = cap - 1;
  }

  /**
   * Records the group the kernel just wrote at slot `p` (key and a row count of 1), whose first row has
   * ordinal `first`; true when the table grew, after which the kernel reloads `data` and `mask` and finds
   * its row again with `find`.
   */
  added(p: number, first = 0): boolean {
    if (this.firsts) this.firsts[this.size] = first;
    this.order[this.size++] = p;
    if (this.size * 10 <= (this.mask + 1) * 7) return false;
    this.grow();
    return true;
  }

  /** The offset of NaN's row, counting one more row for it (first seen at ordinal `first`). */
  nanRow(first = 0): number {
    const s = (this.mask + 1) * this.stride;
    // A grown table keeps NaN's row last: its offset moves with the capacity.
    return this.data[s + 1]++ === 0 && this.added(this.mask + 1, first) ? (this.mask + 1) * this.stride : s;
  }

  /** The slot a key's probe starts at. */
  home(key: number): number {
    this.scratch[0] = key;
    return hashBits(this.bits[0], this.bits[1]) & this.mask;
  }

  /** The offset of the row of a key already in the table. */
  find(key: number): number {
    if (key !== key) return (this.mask + 1) * this.stride;
    this.scratch[0] = key;
    let p = hashBits(this.bits[0], this.bits[1]) & this.mask;
    while (this.data[p * this.stride] !== key || this.data[p * this.stride + 1] === 0) p = (p + 1) & this.mask;
    return p * this.stride;
  }

  /** First row ordinals of the groups in first-seen order (a table made `withFirsts`). */
  firstOrdinals(): Float64Array {
    return (this.firsts ?? new Float64Array(0)).subarray(0, this.size);
  }

  /** Gives the table's memory back to the budget (the table is no longer used). */
  release(): void {
    releaseShared(this.budget, this.accounted);
    this.accounted = 0;
  }

  /** Keys, row counts and fields of every group, in first-seen order (fields: `stride - 2` arrays). */
  extract(): { keys: Float64Array; presence: Float64Array; fields: Float64Array[] } {
    const n = this.size, stride = this.stride, data = this.data;
    const keys = new Float64Array(n), presence = new Float64Array(n);
    const fields = Array.from({ length: stride - 2 }, () => new Float64Array(n));
    for (let g = 0; g < n; g++) {
      const slot = this.order[g];
      const s = slot * stride;
      keys[g] = slot === this.mask + 1 ? NaN : data[s];
      presence[g] = data[s + 1];
      for (let f = 0; f < stride - 2; f++) fields[f][g] = data[s + 2 + f];
    }
    return { keys, presence, fields };
  }

  private grow(): void {
    const oldCap = this.mask + 1, cap = oldCap * 2, stride = this.stride;
    const more = (cap - oldCap) * (stride * 8 + (this.firsts ? 12 : 4));
    growShared(this.budget, more, WHAT);
    this.accounted += more;
    const old = this.data, oldOrder = this.order;
    this.data = new Float64Array((cap + 1) * stride);
    this.order = new Int32Array(cap);
    if (this.firsts) {
      const firsts = new Float64Array(cap);
      firsts.set(this.firsts.subarray(0, this.size));
      this.firsts = firsts;
    }
    this.mask = cap - 1;
    for (let g = 0; g < this.size; g++) {
      const from = oldOrder[g];
      let p: number;
      if (from === oldCap) {
        p = cap;
      } else {
        this.scratch[0] = old[from * stride];
        p = hashBits(this.bits[0], this.bits[1]) & this.mask;
        while (this.data[p * stride + 1] !== 0) p = (p + 1) & this.mask;
      }
      for (let f = 0, a = from * stride, b = p * stride; f < stride; f++) this.data[b + f] = old[a + f];
      this.order[g] = p;
    }
  }
}
