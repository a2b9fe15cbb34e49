/**
 * A reader's snapshot of a table (StorageEngine.openReader): the `_txn` and `_meta` committed when it
 * was opened. Scans visit only partitions the intervals touch, find each interval's first and last row by
 * binary search on the designated timestamp, and yield views on cached column data.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { ColumnBatch } from '../../core/data/column-batch';
import { SymbolTable } from '../../core/data/symbol-table';
import { PartitionInfo, TableSchema, TimeInterval } from '../../core/data/table-schema';
import { Vector } from '../../core/data/vector';
import { TypeTag } from '../../core/data/column-type';
import { SYMBOL_NULL } from '../../core/data/null-values';
import { exactAt } from '../../core/data/exact-longs';
import { ScanOptions, SymbolRowCount, SymbolValues, TableReader } from '../../core/extension/storage-engine';
import { SvcError } from '../../core/errors';
import { ColumnCache } from './column-cache';
import { committedSizes, knownNullRows, loadPostings, loadVector } from './partition-files';
import { countRows, SymbolPostings } from './symbol-postings';
import { rangeSelection } from './range-selection';
import { LatestKeys } from './latest-rows';
import { lowerBound, upperBound } from './sort-order';
import { StoredColumn, TableMeta } from './table-meta';
import { TableState } from './table-state';
import { PartitionState, TXN_FILE, TxnState, totalRows } from './txn-state';
import { reversedVector, sliceVector } from './vector-slice';
import { gather } from '../../core/sql/vector/vector-ops';
import { bucketStarts } from '../../core/time/bucket-starts';
import { ClusterData, clusterable, loadCluster, readBefore } from './symbol-clusters';
import { ParquetReads } from './parquet/parquet-reads';
import { ParquetScan, scanParquetPartition } from './parquet/parquet-scan';

const DEFAULT_BATCH_ROWS = 65536;

/** A narrowed scan's SYMBOL column, the dictionary keys of its wanted values, and the dictionary's size. */
interface WantedKeys { readonly column: StoredColumn; readonly keys: readonly number[]; readonly count: number }

export class ColumnarTableReader implements TableReader {
  readonly schema: TableSchema;
  readonly rowCount: number;
  readonly partitions: readonly PartitionInfo[];
  readonly committedTxn: number;
  private readonly meta: TableMeta;
  private readonly txn: TxnState;
  private readonly symbolTables = new Map<number, SymbolTable>();
  private readonly onClose: (() => void) | undefined;
  private closed = false;

  /**
   * `own` is a writer's transaction as it stands (ColumnarTableWriter.ownReader): its partitions and
   * dictionary sizes instead of the committed ones, read through its own cache, closed by `onClose`.
   * The committed snapshot is still taken, so nothing it refers to is deleted while the reader is open.
   */
  constructor(private readonly state: TableState, private readonly cache: ColumnCache, private readonly parquet: ParquetReads, own?: { txn: TxnState; onClose: () => void }) {
    this.meta = state.meta;
    this.schema = state.schema;
    const committed = state.openSnapshot();
    this.txn = own ? { ...own.txn, txn: committed.txn } : committed;
    this.onClose = own?.onClose;
    this.rowCount = totalRows(this.txn);
    this.committedTxn = this.txn.txn;
    this.partitions = this.txn.partitions.map((p) => this.info(p));
    this.meta.columns.forEach((c, i) => {
      const dict = state.dictionaries.get(c.id);
      if (dict) this.symbolTables.set(i, dict.snapshot(this.txn.symbols[c.id]?.count ?? 0));
    });
  }

  /** The `_txn` file's modification time: every commit replaces the file. */
  lastCommitMicros(): number | undefined {
    if (this.txn.txn === 0) return undefined;
    try {
      return Math.floor(statSync(join(this.state.dir, TXN_FILE)).mtimeMs * 1000);
    } catch {
      return undefined;
    }
  }

  symbols(columnIndex: number): SymbolTable {
    const s = this.symbolTables.get(columnIndex);
    if (!s) throw SvcError.badRequest(`not a SYMBOL column [table=${this.schema.name}, column=${columnIndex}]`);
    return s;
  }

  async *scan(options: ScanOptions): AsyncIterable<ColumnBatch> {
    const cols = options.columns.map((i) => this.columnAt(i));
    const symbols = options.columns.map((i) => this.symbolTables.get(i));
    const batchRows = Math.max(1, options.batchRows ?? DEFAULT_BATCH_ROWS);
    const reverse = options.reverse === true;
    const parts = reverse ? [...this.txn.partitions].reverse() : this.txn.partitions;
    const wanted = options.symbolValues && !reverse ? this.wantedKeys(options.symbolValues) : undefined;
    const parquetScan: ParquetScan = {
      table: { dir: this.state.dir, meta: this.meta }, reads: this.parquet, columns: options.columns, batchRows, reverse,
      symbols: (i) => this.symbolTables.get(i), ranges: (v, rows, intervals) => timestampRanges(v, rows, intervals),
    };
    if (reverse && options.latestBy !== undefined && this.symbolTables.has(options.latestBy)) {
      yield* this.latestRows(options, options.latestBy, parts, parquetScan);
      return;
    }
    for (const p of parts) {
      if (p.parquet) {
        if (touches(p, options.intervals)) {
          yield* scanParquetPartition(parquetScan, p, options);
        }
        continue;
      }
      const ranges = this.rowRanges(p, options.intervals);
      if (ranges.length === 0) continue;
      if (reverse) ranges.reverse();
      const vectors: Vector[] = cols.map((c) => loadVector(this.cache, this.state.dir, p, c));
      const postings = wanted ? this.postings(p, wanted) : undefined;
      if (wanted && postings !== undefined) {
        const cluster = (k: number, key: number): Vector => loadCluster(this.cache, this.state.dir, p, cols[k], wanted.column, postings as SymbolPostings, key);
        const repeated = (): boolean => {
          let all = true;
          for (const key of wanted.keys) if (!readBefore(this.cache, this.state.dir, p, wanted.column, key)) all = false;
          return all;
        };
        const selection = { postings, ranges, keys: wanted.keys, vectors, symbols, keyed: cols.indexOf(wanted.column), bucketed: this.bucketSlot(options), cluster, repeated, rows: p.rows };
        yield* selectedRows(selection, batchRows, options);
        continue;
      }
      for (const [lo, hi] of ranges) {
        if (!reverse) {
          for (let a = lo; a < hi; a += batchRows) {
            options.signal?.throwIfAborted();
            const b = Math.min(hi, a + batchRows);
            yield { rowCount: b - a, vectors: vectors.map((v, k) => sliceVector(v, a, b, symbols[k])) };
          }
        } else {
          for (let b = hi; b > lo; b -= batchRows) {
            options.signal?.throwIfAborted();
            const a = Math.max(lo, b - batchRows);
            yield { rowCount: b - a, vectors: vectors.map((v, k) => reversedVector(v, a, b, symbols[k])) };
          }
        }
      }
    }
  }

  /**
   * ScanOptions.latestBy: the newest row of each key of SYMBOL column `column` inside the intervals, partition
   * by partition from the newest (latest-rows.ts), gathered into batches; Parquet partitions are read whole.
   */
  private async *latestRows(options: ScanOptions, column: number, parts: readonly PartitionState[], parquetScan: ParquetScan): AsyncIterable<ColumnBatch> {
    const keyColumn = this.columnAt(column);
    const count = this.symbolTables.get(column)?.size ?? 0;
    const latest = new LatestKeys(count);
    const cols = options.columns.map((i) => this.columnAt(i));
    const symbols = options.columns.map((i) => this.symbolTables.get(i));
    const keySlot = options.columns.indexOf(column);
    const batchRows = Math.max(1, options.batchRows ?? DEFAULT_BATCH_ROWS);
    for (const p of parts) {
      if (latest.done) return;
      options.signal?.throwIfAborted();
      if (p.parquet) {
        if (touches(p, options.intervals)) {
          for await (const batch of scanParquetPartition(parquetScan, p, options)) {
            if (keySlot >= 0) latest.note(batch.vectors[keySlot].data as Int32Array, batch.rowCount);
            yield batch;
          }
        }
        continue;
      }
      // Only the NULL key missing: a partition whose column is known to hold none is passed by unread.
      if (latest.onlyNullMissing && knownNullRows(this.cache, this.state.dir, p, keyColumn) === 0) continue;
      const ranges = this.rowRanges(p, options.intervals);
      if (ranges.length === 0) continue;
      const rows = count <= p.rows
        ? latest.fromPostings(loadPostings(this.cache, this.state.dir, p, keyColumn, count), ranges)
        : latest.fromKeys(loadVector(this.cache, this.state.dir, p, keyColumn).data as Int32Array, ranges);
      if (rows.length === 0) continue;
      const vectors = cols.map((c) => loadVector(this.cache, this.state.dir, p, c));
      for (let a = 0; a < rows.length; a += batchRows) {
        const sel = rows.subarray(a, Math.min(rows.length, a + batchRows));
        yield { rowCount: sel.length, vectors: vectors.map((v, k) => ({ ...gather(v, sel, sel.length), symbols: symbols[k] })) };
      }
    }
  }

  /** The scanned column that may hold bucket starts (ScanOptions.timeBuckets): the designated TIMESTAMP, else -1. */
  private bucketSlot(options: ScanOptions): number {
    const column = options.timeBuckets?.column;
    const ts = this.meta.timestampIndex;
    if (column === undefined || column !== ts || this.meta.columns[ts]?.type.tag !== TypeTag.TIMESTAMP) return -1;
    return options.columns.indexOf(column);
  }

  mayHoldNullSymbol(columnIndex: number, intervals?: readonly TimeInterval[]): boolean {
    const column = this.columnAt(columnIndex);
    const count = this.symbolTables.get(columnIndex)?.size ?? 0;
    for (const p of this.txn.partitions) {
      // Parquet partitions keep no posting lists: any one the intervals touch may hold NULL.
      if (p.parquet) {
        if (touches(p, intervals)) return true;
        continue;
      }
      if (knownNullRows(this.cache, this.state.dir, p, column) === 0) continue;
      const ranges = this.rowRanges(p, intervals);
      if (ranges.length === 0) continue;
      if (count <= p.rows) {
        const postings = loadPostings(this.cache, this.state.dir, p, column, count);
        if (ranges.some(([lo, hi]) => countRows(postings, NULL_KEY, lo, hi) > 0)) return true;
      } else {
        const keys = loadVector(this.cache, this.state.dir, p, column).data as Int32Array;
        if (ranges.some(([lo, hi]) => hasNullKey(keys, lo, hi))) return true;
      }
    }
    return false;
  }

  symbolRows(wanted: SymbolValues, intervals?: readonly TimeInterval[], columns?: readonly number[]): SymbolRowCount {
    const keys = this.wantedKeys(wanted);
    // A partition's rows of one key are read in place when every column the scan reads besides the key has
    // clusters (several keys merge their rows and clusters into new arrays: not in place).
    const inPlace = (p: PartitionState): boolean => columns !== undefined && keys.keys.length === 1
      && columns.every((c) => c === wanted.column || clusterable(loadVector(this.cache, this.state.dir, p, this.columnAt(c))));
    let rows = 0;
    let selected = 0;
    let clustered = 0;
    for (const p of this.txn.partitions) {
      if (p.parquet) {
        // Every row of a Parquet partition the intervals touch is read (no posting lists there).
        const touched = touches(p, intervals);
        if (touched) { rows += p.rows; selected += p.rows; }
        continue;
      }
      const ranges = this.rowRanges(p, intervals);
      if (ranges.length === 0) continue;
      const postings = this.postings(p, keys);
      let inPartition = 0;
      let covered = 0;
      for (const [lo, hi] of ranges) {
        covered += hi - lo;
        inPartition += postings === null ? 0 : postings ? countRows(postings, keys.keys, lo, hi) : hi - lo;
      }
      rows += covered;
      selected += inPartition;
      if (postings && inPartition > 0 && covered >= p.rows * CLUSTER_COVERAGE && inPlace(p)) clustered += inPartition;
    }
    return { rows, selected, clustered };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.state.closeSnapshot(this.txn.txn);
    this.onClose?.();
  }

  private columnAt(i: number): StoredColumn {
    const c = this.meta.columns[i];
    if (!c) throw SvcError.badRequest(`column index out of range [table=${this.schema.name}, index=${i}]`);
    return c;
  }

  /** The stored column and the distinct dictionary keys of the wanted values (values it does not hold match no row). */
  private wantedKeys(wanted: SymbolValues): WantedKeys {
    const column = this.meta.columns[wanted.column];
    const dict = this.symbolTables.get(wanted.column);
    if (!column || !dict) throw SvcError.badRequest(`not a SYMBOL column [table=${this.schema.name}, column=${wanted.column}]`);
    const keys = [...new Set(wanted.values.map((v) => dict.keyOf(v)))].filter((k) => k >= 0);
    return { column, keys, count: dict.size };
  }

  /**
   * The partition's posting lists for the wanted keys: null when no row can hold them (no known value),
   * undefined when the dictionary has more keys than the partition has rows (lists would cost more than
   * the scan they save: the partition is read whole and the filter decides).
   */
  private postings(p: PartitionState, wanted: WantedKeys): SymbolPostings | null | undefined {
    if (wanted.keys.length === 0) return null;
    if (wanted.count > p.rows) return undefined;
    return loadPostings(this.cache, this.state.dir, p, wanted.column, wanted.count);
  }

  /** Row ranges `[lo, hi)` of a partition inside the intervals, by binary search on the timestamps. */
  private rowRanges(p: PartitionState, intervals: readonly TimeInterval[] | undefined): [number, number][] {
    if (p.rows === 0) return [];
    if (!intervals || this.meta.timestampIndex < 0) return [[0, p.rows]];
    const touching = intervals.filter((iv) => iv.lo <= p.maxTs && iv.hi >= p.minTs);
    if (touching.length === 0) return [];
    if (touching.length === 1 && touching[0].lo <= p.minTs && touching[0].hi >= p.maxTs) return [[0, p.rows]];
    const tsColumn = this.meta.columns[this.meta.timestampIndex];
    return timestampRanges(loadVector(this.cache, this.state.dir, p, tsColumn), p.rows, touching);
  }

  private info(p: PartitionState): PartitionInfo {
    if (p.parquet) {
      const tier = p.parquet.cold ? 'cold' : 'parquet';
      return { name: p.name, minTimestamp: p.minTs, maxTimestamp: p.maxTs, rowCount: p.rows, diskSize: p.parquet.cold ? 0 : p.parquet.size, tier, parquetFileSize: p.parquet.size };
    }
    let diskSize = 0;
    for (const c of this.meta.columns) {
      const [d, i] = committedSizes(p, c);
      diskSize += d + i;
    }
    return { name: p.name, minTimestamp: p.minTs, maxTimestamp: p.maxTs, rowCount: p.rows, diskSize, tier: 'native' };
  }
}

/** Row ranges `[lo, hi)` of a vector of designated timestamps (ascending) inside the intervals, by binary search. */
function timestampRanges(vector: Vector, rows: number, intervals: readonly TimeInterval[]): [number, number][] {
  if (vector.type.tag === TypeTag.TIMESTAMP_NS) return nanosRowRanges(vector, rows, intervals);
  const ts = vector.data as Float64Array;
  const out: [number, number][] = [];
  for (const iv of intervals) {
    const lo = lowerBound(ts, 0, rows, iv.lo);
    const hi = upperBound(ts, lo, rows, iv.hi);
    if (hi > lo) out.push([lo, hi]);
  }
  return out;
}


/**
 * rowRanges for a TIMESTAMP_NS designated timestamp: the µs intervals cover `[lo * 1000, hi * 1000 + 999]` ns,
 * found by binary search on the exact int64s (the doubles round beyond 2^53); a few bigint compares per interval.
 */
function nanosRowRanges(v: Vector, rows: number, intervals: readonly TimeInterval[]): [number, number][] {
  const out: [number, number][] = [];
  for (const iv of intervals) {
    const lo = firstAtLeast(v, rows, 0, microsToNanos(iv.lo));
    const hi = firstAtLeast(v, rows, lo, microsToNanos(iv.hi) + 1000n);
    if (hi > lo) out.push([lo, hi]);
  }
  return out;
}

function firstAtLeast(v: Vector, rows: number, lo: number, value: bigint): number {
  let hi = rows;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (exactAt(v, mid) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function microsToNanos(us: number): bigint {
  return BigInt(Math.max(-9223372036854775808, Math.min(9223372036854775807, Math.trunc(us)))) * 1000n;
}

/** A partition read through its posting lists (ScanOptions.symbolValues). */
interface Selection {
  /** null: no row can hold the wanted keys. */
  readonly postings: SymbolPostings | null;
  readonly ranges: readonly [number, number][];
  readonly keys: readonly number[];
  readonly vectors: readonly Vector[];
  readonly symbols: readonly (SymbolTable | undefined)[];
  /** The narrowing SYMBOL column's index in `vectors`, -1 when not scanned. */
  readonly keyed: number;
  /** The designated timestamp's index when it holds bucket starts (ScanOptions.timeBuckets), else -1. */
  readonly bucketed: number;
  /** Vector k's values at the rows of a key (symbol-clusters.ts). */
  readonly cluster: (k: number, key: number) => Vector;
  /** Whether every wanted key was read before in this partition without clusters (noting this read: readBefore). */
  readonly repeated: () => boolean;
  /** The partition's rows. */
  readonly rows: number;
}

const NULL_KEY = [SYMBOL_NULL];

/** Whether `keys[lo…hi)` holds the NULL key. */
function hasNullKey(keys: Int32Array, lo: number, hi: number): boolean {
  for (let i = lo; i < hi; i++) if (keys[i] === SYMBOL_NULL) return true;
  return false;
}

/** Whether partition `p` has rows the intervals touch (all of them without intervals). */
function touches(p: PartitionState, intervals: readonly TimeInterval[] | undefined): boolean {
  return p.rows > 0 && (!intervals || intervals.some((iv) => iv.lo <= p.maxTs && iv.hi >= p.minTs));
}

/**
 * Clusters are whole-partition: a scan whose ranges cover less than this share of the partition gathers
 * its rows instead (a clustered read would first gather every row of the key in the partition), unless its
 * keys were read so before (symbol-clusters.ts readBefore): then the clusters are built and kept.
 */
const CLUSTER_COVERAGE = 0.5;

/**
 * The rows of a partition's ranges holding the wanted keys, in batches of at most `batchRows`. The
 * narrowing SYMBOL column is not gathered: the posting lists give each row's key; nor is the designated
 * timestamp under `options.timeBuckets`: each row gets its bucket's start. When the ranges cover most of
 * the partition, columns of one number a row are read from the keys' clusters; any other column, and
 * every column of a scan reading a small part of the partition, is gathered (by `options.gather` when given).
 */
async function* selectedRows(s: Selection, batchRows: number, options: ScanOptions): AsyncIterable<ColumnBatch> {
  const { postings, keys, vectors, keyed, bucketed } = s;
  if (postings === null) return;
  const candidates = vectors.map((v, k) => k !== keyed && k !== bucketed && clusterable(v));
  const covered = candidates.includes(true) && (s.ranges.reduce((n, [lo, hi]) => n + hi - lo, 0) >= s.rows * CLUSTER_COVERAGE || s.repeated());
  const clustered = candidates.map((c) => covered && c);
  const others = vectors.filter((_v, k) => k !== keyed && k !== bucketed && !clustered[k]);
  const clusters = vectors.map((_v, k) => (clustered[k] ? keys.map((key) => s.cluster(k, key).data as ClusterData) : []));
  for (const [lo, hi] of s.ranges) {
    const range = rangeSelection(postings, keys, lo, hi, batchRows);
    const rows = range.rows, n = rows.length;
    const readers = clusters.map((c) => (c.length > 0 ? range.clusterReader(c) : undefined));
    for (let a = 0; a < n; a += batchRows) {
      options.signal?.throwIfAborted();
      const b = Math.min(n, a + batchRows);
      const sel = rows.subarray(a, b);
      const gathered = others.length === 0 ? [] : options.gather ? await options.gather(others, sel) : others.map((v) => gather(v, sel, sel.length));
      let next = 0;
      yield {
        rowCount: sel.length,
        narrowedTo: options.symbolValues,
        vectors: vectors.map((v, k) => {
          if (k === keyed) return { type: v.type, data: range.keysOf(a, b), symbols: s.symbols[k] ?? v.symbols, exact: undefined };
          if (k === bucketed) return { type: v.type, data: starts(v, sel, hi, options), exact: undefined };
          const read = readers[k];
          const g: Vector = read ? { type: v.type, data: read(a, b), symbols: v.symbols, exact: undefined } : gathered[next++];
          return s.symbols[k] ? { ...g, symbols: s.symbols[k] } : g;
        }),
      };
    }
  }
}

/** The bucket starts of the selected rows `sel` (below `end`) of timestamp vector `v`. */
function starts(v: Vector, sel: Int32Array, end: number, options: ScanOptions): Float64Array {
  const out = new Float64Array(sel.length);
  bucketStarts(v.data as Float64Array, sel, sel.length, end, (options.timeBuckets as NonNullable<ScanOptions['timeBuckets']>).buckets, out);
  return out;
}
