/**
 * A column's values at one symbol's rows of a partition, in row order (its posting list's): the rows a
 * narrowed scan selects for a few symbols are then read from that many short arrays, each front to back,
 * instead of gathered from the whole column one random access a row (the access that waits on memory,
 * and whose cost swings with how the machine backs the column's pages). A cluster is built from the
 * column the first time a scan needs it and cached beside the column (column-cache.ts), under the
 * versions of both the column and the symbol column, so appended rows rebuild it.
 */
import { join } from 'node:path';
import { elementsPerRow, Vector } from '../../core/data/vector';
import { gather } from '../../core/sql/vector/vector-ops';
import { ColumnCache } from './column-cache';
import { columnTop, loadVector } from './partition-files';
import { firstFrom, postingList, SymbolPostings } from './symbol-postings';
import { StoredColumn } from './table-meta';
import { PartitionState } from './txn-state';

/** A cluster: one key's values of a column of one number a row. */
export type ClusterData = Float64Array | Int32Array;

/** Columns read from clusters: one number a row in a Float64Array or Int32Array, nothing beside it. */
export function clusterable(v: Vector): boolean {
  return !v.offsets && !v.nulls && !v.exact && !v.shapes && elementsPerRow(v.type) === 1
    && (v.data instanceof Float64Array || v.data instanceof Int32Array);
}

/**
 * The values of column `c` at the rows of symbol `key` in column `s` of partition `p`, from the cache. A
 * cached cluster of the partition before rows were appended is extended with the key's new rows only
 * (posting lists keep a key's earlier rows first), so a growing partition is not gathered again.
 */
export function loadCluster(cache: ColumnCache, tableDir: string, p: PartitionState, c: StoredColumn, s: StoredColumn,
  postings: SymbolPostings, key: number): Vector {
  const tops = `${columnTop(p, c)}|${columnTop(p, s)}`;
  return cache.get(`${join(tableDir, p.dir, c.file)}#${s.file}=${key}`, `${p.rows}|${tops}`, (previous) => {
    const rows = postingList(postings, key);
    const column = loadVector(cache, tableDir, p, c);
    const [prevRows, ...prevTops] = previous ? previous.version.split('|') : [];
    const from = previous && prevTops.join('|') === tops && Number(prevRows) < p.rows ? firstFrom(rows, Number(prevRows)) : 0;
    if (from === 0 || !previous || previous.vector.data.length !== from) return gather(column, rows, rows.length);
    const added = gather(column, rows.subarray(from), rows.length - from);
    const data = previous.vector.data instanceof Int32Array ? new Int32Array(rows.length) : new Float64Array(rows.length);
    data.set(previous.vector.data as ClusterData);
    data.set(added.data as ClusterData, from);
    return { ...added, data };
  });
}

/**
 * Narrowed reads of a key in a partition without clusters before its clusters are built. Building them
 * gathers every row of the key in the partition, about three times what a read of a few hours gathers, so
 * the clusters are bought once the reads have cost about as much (the rent-or-buy rule: never more than
 * twice the cost of the better choice made knowing the future). A one-off query, or a drawn window over
 * random keys, gathers only its rows; a dashboard's panel refreshed again and again reads them in place.
 */
export const READS_BEFORE_CLUSTERS = 3;

/**
 * Whether narrowed scans read key `key` of symbol column `s` in partition `p` READS_BEFORE_CLUSTERS times
 * before without its clusters (counted in the cache, dropped with the column's entries), counting this read.
 */
export function readBefore(cache: ColumnCache, tableDir: string, p: PartitionState, s: StoredColumn, key: number): boolean {
  const k = `${join(tableDir, p.dir, s.file)}#reads=${key}`;
  const reads = (cache.object<{ n: number }>(k, 'reads')?.n ?? 0);
  if (reads >= READS_BEFORE_CLUSTERS) return true;
  cache.putObject(k, 'reads', { n: reads + 1 }, 64);
  return false;
}

/**
 * Reads one column's values for selected rows in row order from the wanted keys' clusters: a row of key
 * `keys[j]` takes the next value of cluster j. Starts at the first selected row of a range.
 */
export class ClusterCursor {
  private readonly slot: Int32Array;
  private readonly at: Int32Array;

  /** `clusters[j]` holds key `keys[j]`'s values; `lo` is the range's first row. */
  constructor(private readonly clusters: readonly ClusterData[], keys: readonly number[], postings: SymbolPostings, lo: number) {
    this.slot = new Int32Array(Math.max(...keys) + 2).fill(-1);
    this.at = new Int32Array(keys.length);
    keys.forEach((k, j) => {
      this.slot[k + 1] = j;
      this.at[j] = firstFrom(postingList(postings, k), lo);
    });
  }

  /** Writes the values of the next selected rows, whose keys are `rowKeys[a … b)`, to `out[0 … b - a)`. */
  read(rowKeys: Int32Array, a: number, b: number, out: ClusterData): void {
    const slot = this.slot, at = this.at, clusters = this.clusters;
    for (let i = a; i < b; i++) {
      const j = slot[rowKeys[i] + 1];
      out[i - a] = clusters[j][at[j]++];
    }
  }
}
