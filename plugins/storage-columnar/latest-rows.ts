/**
 * The newest row of every key of one SYMBOL column (ScanOptions.latestBy), partition by partition from the
 * newest: a partition's posting lists give each key's last row inside the scan's row ranges without reading
 * any other row, and a partition without lists (more keys than rows) is walked backwards over its keys alone.
 * The walk ends once every key of the dictionary and the NULL key were found, so `LATEST ON … PARTITION BY
 * sym` reads a few rows per key instead of the table, and a table without NULL keys costs one look at each
 * partition's NULL list.
 */
import { lowerBound } from '../../core/data/sorted-search';
import { SymbolPostings } from './symbol-postings';

export class LatestKeys {
  /** Slot `key + 1` is set once the key's newest row was taken (slot 0: the NULL key). */
  private readonly found: Uint8Array;
  private remaining: number;

  constructor(symbolCount: number) {
    this.found = new Uint8Array(symbolCount + 1);
    this.remaining = symbolCount + 1;
  }

  /** Every key (NULL included) has its row: older partitions hold nothing newer. */
  get done(): boolean {
    return this.remaining === 0;
  }

  /** Only the NULL key is still missing: a partition known to hold no NULL in the column can be passed by. */
  get onlyNullMissing(): boolean {
    return this.remaining === 1 && this.found[0] === 0;
  }

  /**
   * The newest row inside `ranges` (ascending, disjoint `[lo, hi)`) of every key not found yet, from the
   * partition's posting lists; the rows in descending order.
   */
  fromPostings(p: SymbolPostings, ranges: readonly (readonly [number, number])[]): Int32Array {
    const slots = Math.min(this.found.length, p.starts.length - 1);
    const out: number[] = [];
    for (let s = 0; s < slots; s++) {
      if (this.found[s] !== 0) continue;
      const a = p.starts[s];
      const b = p.starts[s + 1];
      if (b <= a) continue;
      for (let r = ranges.length - 1; r >= 0; r--) {
        const [lo, hi] = ranges[r];
        const at = lowerBound(p.rows, a, b, hi) - 1;
        if (at < a) continue;
        const row = p.rows[at];
        if (row < lo) continue;
        out.push(row);
        this.take(s);
        break;
      }
    }
    return descending(out);
  }

  /** The same from the keys themselves (`keys[i]` of row i), walking each range backwards; stops once all are found. */
  fromKeys(keys: Int32Array, ranges: readonly (readonly [number, number])[]): Int32Array {
    const out: number[] = [];
    const slots = this.found.length;
    for (let r = ranges.length - 1; r >= 0 && this.remaining > 0; r--) {
      const [lo, hi] = ranges[r];
      for (let i = hi - 1; i >= lo; i--) {
        const s = keys[i] + 1;
        if (s < 0 || s >= slots || this.found[s] !== 0) continue;
        out.push(i);
        this.take(s);
        if (this.remaining === 0) break;
      }
    }
    return descending(out);
  }

  /** Marks the keys of rows read some other way (a Parquet partition's batch), newest first. */
  note(keys: ArrayLike<number>, n: number): void {
    const slots = this.found.length;
    for (let i = 0; i < n; i++) {
      const s = keys[i] + 1;
      if (s >= 0 && s < slots && this.found[s] === 0) this.take(s);
    }
  }

  private take(slot: number): void {
    this.found[slot] = 1;
    this.remaining--;
  }
}

function descending(rows: number[]): Int32Array {
  const out = Int32Array.from(rows);
  out.sort();
  out.reverse();
  return out;
}
