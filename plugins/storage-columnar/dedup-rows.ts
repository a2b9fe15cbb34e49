/**
 * DEDUP UPSERT KEYS at commit: among rows with the same designated timestamp and
 * equal values in every other key column, only the last one stays. A new row replaces a committed or
 * staged one, and a later row of one batch replaces an earlier one.
 *
 * Works on a merge order (sort-order.ts `mergeOrder`): values below `m` are old rows `from + value`, the
 * others new rows `lo + value - m`. Equal timestamps list old rows first and new rows in arrival order, so
 * within a run of equal timestamps "last" means "written last". Keys are compared in disk form: SYMBOL
 * keys of the one dictionary, fixed-width bytes, var-size bytes with their null flag.
 */
import { RawColumn, decodeEnd } from './raw-column';

/** Runs of equal timestamps up to this size compare rows pairwise; longer ones use a hash table. */
const PAIRWISE = 16;

export interface DedupSources {
  readonly order: Uint32Array;
  readonly m: number;
  readonly oldTs: Float64Array;
  /** TIMESTAMP_NS: ns within the µs of `oldTs` / `newTs` (equal timestamps need equal both). */
  readonly oldSub?: Uint16Array;
  readonly from: number;
  /** Old rows' key columns (table column order of `DedupRows.keys`); unused when m = 0. */
  readonly old: readonly RawColumn[];
  readonly newTs: Float64Array;
  readonly newSub?: Uint16Array;
  readonly lo: number;
  readonly add: readonly RawColumn[];
}

export class DedupRows {
  private src: DedupSources | undefined;
  private slots = new Int32Array(64);
  private readonly reps: number[] = [];
  private length = 0;

  /** `keys`: table column indexes of the UPSERT KEYS other than the designated timestamp. */
  constructor(readonly keys: readonly number[]) {}

  /** The merge order without the rows that a later row with the same timestamp and keys replaces. */
  filter(src: DedupSources): Uint32Array {
    this.src = src;
    const { order } = src;
    const n = order.length;
    const keep = new Uint8Array(n);
    let kept = 0;
    const nanos = src.oldSub !== undefined || src.newSub !== undefined;
    for (let i = 0; i < n;) {
      const t = this.ts(order[i]);
      let j = i + 1;
      while (j < n && this.ts(order[j]) === t) j++;
      if (j - i === 1) kept += keep[i] = 1;
      else kept += nanos ? this.nanosGroups(order, i, j, keep) : this.group(order, i, j, keep);
      i = j;
    }
    this.src = undefined;
    if (kept === n) return order;
    const out = new Uint32Array(kept);
    for (let i = 0, o = 0; i < n; i++) if (keep[i] === 1) out[o++] = order[i];
    return out;
  }

  /** Marks, from the last row of a run backwards, each row whose keys no later row of the run has. */
  private group(order: Uint32Array, lo: number, hi: number, keep: Uint8Array): number {
    let kept = 0;
    if (hi - lo <= PAIRWISE) {
      const reps = this.reps;
      reps.length = 0;
      for (let i = hi - 1; i >= lo; i--) {
        let seen = false;
        for (let r = 0; r < reps.length && !seen; r++) seen = this.equal(order[i], reps[r]);
        if (!seen) { reps.push(order[i]); keep[i] = 1; kept++; }
      }
      return kept;
    }
    let size = 64;
    while (size < (hi - lo) * 2) size *= 2;
    if (this.slots.length < size) this.slots = new Int32Array(size);
    const slots = this.slots;
    slots.fill(-1, 0, size);
    const mask = size - 1;
    for (let i = hi - 1; i >= lo; i--) {
      let s = this.hash(order[i]) & mask;
      let seen = false;
      while (slots[s] >= 0) {
        if (this.equal(order[i], order[slots[s]])) { seen = true; break; }
        s = (s + 1) & mask;
      }
      if (!seen) { slots[s] = i; keep[i] = 1; kept++; }
    }
    return kept;
  }

  private ts(r: number): number {
    const s = this.src as DedupSources;
    return r < s.m ? s.oldTs[s.from + r] : s.newTs[s.lo + r - s.m];
  }

  /** A run of equal µs on a TIMESTAMP_NS timestamp: its runs of equal nanoseconds (merge order keeps them together). */
  private nanosGroups(order: Uint32Array, lo: number, hi: number, keep: Uint8Array): number {
    let kept = 0;
    for (let i = lo; i < hi;) {
      const sub = this.sub(order[i]);
      let j = i + 1;
      while (j < hi && this.sub(order[j]) === sub) j++;
      kept += j - i === 1 ? (keep[i] = 1) : this.group(order, i, j, keep);
      i = j;
    }
    return kept;
  }

  private sub(r: number): number {
    const s = this.src as DedupSources;
    if (r < s.m) return s.oldSub ? s.oldSub[s.from + r] : 0;
    return s.newSub ? s.newSub[s.lo + r - s.m] : 0;
  }

  private equal(a: number, b: number): boolean {
    const s = this.src as DedupSources;
    for (let k = 0; k < this.keys.length; k++) {
      const ca = a < s.m ? s.old[k] : s.add[k];
      const cb = b < s.m ? s.old[k] : s.add[k];
      const sa = this.valueStart(ca, a < s.m ? s.from + a : s.lo + a - s.m);
      const la = this.length;
      const sb = this.valueStart(cb, b < s.m ? s.from + b : s.lo + b - s.m);
      if (la !== this.length) return false;
      const x = ca.bytes;
      const y = cb.bytes;
      for (let i = 0; i < la; i++) if (x[sa + i] !== y[sb + i]) return false;
    }
    return true;
  }

  private hash(r: number): number {
    const s = this.src as DedupSources;
    let h = 0x811c9dc5;
    for (let k = 0; k < this.keys.length; k++) {
      const c = r < s.m ? s.old[k] : s.add[k];
      const start = this.valueStart(c, r < s.m ? s.from + r : s.lo + r - s.m);
      if (this.length < 0) h = Math.imul(h ^ 0xff, 0x01000193);
      for (let p = start; p < start + this.length; p++) h = Math.imul(h ^ c.bytes[p], 0x01000193);
      h = Math.imul(h ^ 0x5c, 0x01000193);
    }
    return h >>> 0;
  }

  /** Byte offset of a row's value in its column; its length goes to `length` (-1: a var-size null). */
  private valueStart(c: RawColumn, row: number): number {
    if (!c.ends) {
      this.length = c.width;
      return row * c.width;
    }
    const v = c.ends[row];
    if (v < 0) {
      this.length = -1;
      return 0;
    }
    const start = row === 0 ? 0 : decodeEnd(c.ends[row - 1]);
    this.length = v - start;
    return start;
  }
}
