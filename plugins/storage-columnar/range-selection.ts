/**
 * The rows a narrowed scan selects in one row range of a partition, for the keys it wants: the rows
 * (ascending), each row's key, and the values of a clustered column at those rows. Several keys merge their
 * posting lists into new arrays and read their clusters through a ClusterCursor; one key reads its posting
 * list and its clusters in place (views: nothing is copied). Batches read what they get, never write.
 */
import { ClusterCursor, ClusterData } from './symbol-clusters';
import { countRows, firstFrom, postingList, selectRows, SymbolPostings } from './symbol-postings';

export interface RangeSelection {
  /** The selected rows of the range, ascending. */
  readonly rows: Int32Array;
  /** The keys of selected rows `[a, b)` (at most one batch). */
  keysOf(a: number, b: number): Int32Array;
  /**
   * A reader of one column's values at the selected rows from the keys' clusters (`clusters[j]` holds the
   * j-th wanted key's); it is called for consecutive batches `[a, b)`, in order.
   */
  clusterReader(clusters: readonly ClusterData[]): (a: number, b: number) => ClusterData;
}

/** The selection of `[lo, hi)`; `batchRows` bounds the batches `keysOf` serves. */
export function rangeSelection(postings: SymbolPostings, keys: readonly number[], lo: number, hi: number, batchRows: number): RangeSelection {
  return keys.length === 1 ? new OneKey(postings, keys[0], lo, hi, batchRows) : new MergedKeys(postings, keys, lo, hi);
}

/** One key: its posting list from the range's first row is the rows, and its cluster from there the values. */
class OneKey implements RangeSelection {
  readonly rows: Int32Array;
  private readonly first: number;
  private readonly keys: Int32Array;

  constructor(postings: SymbolPostings, key: number, lo: number, hi: number, batchRows: number) {
    const list = postingList(postings, key);
    this.first = firstFrom(list, lo);
    this.rows = list.subarray(this.first, Math.max(this.first, firstFrom(list, hi)));
    this.keys = new Int32Array(Math.min(this.rows.length, batchRows)).fill(key);
  }

  keysOf(a: number, b: number): Int32Array {
    return this.keys.subarray(0, b - a);
  }

  clusterReader(clusters: readonly ClusterData[]): (a: number, b: number) => ClusterData {
    const cluster = clusters[0], first = this.first;
    return (a, b) => cluster.subarray(first + a, first + b);
  }
}

/** Several keys: their posting lists merged, each row's key beside it. */
class MergedKeys implements RangeSelection {
  readonly rows: Int32Array;
  private readonly keys: Int32Array;

  constructor(private readonly postings: SymbolPostings, private readonly wanted: readonly number[], private readonly lo: number, hi: number) {
    const count = countRows(postings, wanted, lo, hi);
    const rows = new Int32Array(count);
    this.keys = new Int32Array(count);
    this.rows = rows.subarray(0, selectRows(postings, wanted, lo, hi, rows, this.keys));
  }

  keysOf(a: number, b: number): Int32Array {
    return this.keys.subarray(a, b);
  }

  clusterReader(clusters: readonly ClusterData[]): (a: number, b: number) => ClusterData {
    const cursor = new ClusterCursor(clusters, this.wanted, this.postings, this.lo);
    const ints = clusters[0] instanceof Int32Array;
    return (a, b) => {
      const out = ints ? new Int32Array(b - a) : new Float64Array(b - a);
      cursor.read(this.keys, a, b, out);
      return out;
    };
  }
}
