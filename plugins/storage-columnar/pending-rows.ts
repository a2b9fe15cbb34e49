/**
 * A writer's appended, uncommitted rows in disk form, one RawColumn per table column, plus the designated
 * timestamps as doubles for sorting and partitioning. Tracks whether the rows are still in order. A
 * TIMESTAMP_NS designated timestamp is kept as µs in `timestamps` plus the ns within the µs in `subs`
 * (core/data/nanos-split.ts), so rows partition in µs and order to the nanosecond.
 */
import { TypeTag } from '../../core/data/column-type';
import { ColumnBatch } from '../../core/data/column-batch';
import { LONG_NULL } from '../../core/data/null-values';
import { splitNanosVector } from '../../core/data/nanos-split';
import { Vector, vectorLength } from '../../core/data/vector';
import { SvcError } from '../../core/errors';
import { stableSortOrderNanos } from './nanos-order';
import { RawColumn } from './raw-column';
import { stableSortOrder } from './sort-order';
import { SymbolDictionary, SymbolSnapshot } from './symbol-dictionary';
import { StoredColumn } from './table-meta';
import { appendVector, nullPattern, storedWidth } from './vector-encoder';

export class PendingRows {
  columns: RawColumn[];
  timestamps = new Float64Array(1024);
  /** TIMESTAMP_NS designated timestamp: ns within each row's µs (0..999); undefined for TIMESTAMP. */
  subs: Uint16Array | undefined;
  rows = 0;
  /** Non-decreasing designated timestamps within the pending rows. */
  sorted = true;
  minTs = Number.POSITIVE_INFINITY;
  maxTs = Number.NEGATIVE_INFINITY;

  constructor(private columnsMeta: readonly StoredColumn[], private readonly timestampIndex: number,
    private readonly dictionaries: ReadonlyMap<number, SymbolDictionary>) {
    this.columns = this.fresh();
    if (timestampIndex >= 0 && columnsMeta[timestampIndex].type.tag === TypeTag.TIMESTAMP_NS) this.subs = new Uint16Array(1024);
  }

  /** Bytes the pending rows take in their disk form: column data, var-size ends and the timestamps. */
  get bytes(): number {
    let total = this.timestampIndex < 0 ? 0 : this.rows * (this.subs ? 10 : 8);
    for (const c of this.columns) total += c.byteLength + (c.ends ? c.rows * 8 : 0);
    return total;
  }

  /** Forgets the rows but keeps the grown buffers: the next commit cycle appends without reallocating. */
  reset(): void {
    for (const c of this.columns) c.clear();
    this.rows = 0;
    this.sorted = true;
    this.minTs = Number.POSITIVE_INFINITY;
    this.maxTs = Number.NEGATIVE_INFINITY;
  }

  /** Puts the rows in designated-timestamp order (stable), for a partial commit. */
  sortInPlace(): void {
    if (this.sorted) return;
    const n = this.rows;
    const order = this.subs ? stableSortOrderNanos(this.timestamps, this.subs, n) : stableSortOrder(this.timestamps, n);
    this.columns = this.columns.map((c) => c.gather(order, n));
    const ts = new Float64Array(Math.max(1024, n));
    for (let i = 0; i < n; i++) ts[i] = this.timestamps[order[i]];
    this.timestamps = ts;
    if (this.subs) {
      const subs = new Uint16Array(ts.length);
      for (let i = 0; i < n; i++) subs[i] = this.subs[order[i]];
      this.subs = subs;
    }
    this.sorted = true;
  }

  /** Forgets the first `k` rows (they were committed); the rest stay pending. */
  dropFront(k: number): void {
    for (const c of this.columns) c.dropFront(k);
    this.timestamps.copyWithin(0, k, this.rows);
    this.subs?.copyWithin(0, k, this.rows);
    this.rows -= k;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < this.rows; i++) {
      const t = this.timestamps[i];
      if (t < min) min = t;
      if (t > max) max = t;
    }
    this.minTs = min;
    this.maxTs = max;
  }

  /** A column added while rows are pending: they read null in it. */
  addColumn(column: StoredColumn): void {
    this.addColumns([column]);
  }

  /** Columns added at once while rows are pending. */
  addColumns(columns: readonly StoredColumn[]): void {
    for (const column of columns) {
      // Sized for the rows pending now (they grow as rows come): a line adding 2,000 columns must not
      // allocate 2,000 full-size buffers.
      const raw = new RawColumn(storedWidth(column.type), Math.max(64, this.rows));
      raw.appendNulls(this.rows, nullPattern(column.type));
      this.columns.push(raw);
    }
    this.columnsMeta = [...this.columnsMeta, ...columns];
  }

  /** Validates the whole batch first, so a bad batch appends nothing. */
  append(batch: ColumnBatch): void {
    const n = batch.rowCount;
    const cols = this.columnsMeta;
    if (batch.vectors.length !== cols.length) {
      throw SvcError.badRequest(`batch has ${batch.vectors.length} columns, the table has ${cols.length}`);
    }
    for (let c = 0; c < cols.length; c++) {
      const v = batch.vectors[c];
      if (v.type.tag !== cols[c].type.tag) {
        throw SvcError.badRequest(`column type mismatch [column=${cols[c].name}, expected=${TypeTag[cols[c].type.tag]}, actual=${TypeTag[v.type.tag]}]`);
      }
      if (vectorLength(v) < n) throw SvcError.badRequest(`column ${cols[c].name} has fewer than ${n} rows`);
    }
    if (n === 0) return;
    if (this.subs) this.appendNanos(batch.vectors[this.timestampIndex], n);
    else if (this.timestampIndex >= 0) this.appendTimestamps(batch.vectors[this.timestampIndex].data as Float64Array, n);
    for (let c = 0; c < cols.length; c++) {
      const v = batch.vectors[c];
      const keys = cols[c].type.tag === TypeTag.SYMBOL ? this.remapSymbols(cols[c], v, n) : undefined;
      appendVector(cols[c].type, v, 0, n, this.columns[c], keys);
    }
    this.rows += n;
  }

  private fresh(): RawColumn[] {
    // 4096 rows to start with, fewer for wide tables (columns grow as rows come): a 20,000-column table
    // would otherwise reserve ~320 MB before its first row.
    const rows = Math.max(16, Math.min(4096, Math.floor(262144 / Math.max(1, this.columnsMeta.length))));
    return this.columnsMeta.map((c) => new RawColumn(storedWidth(c.type), rows));
  }

  private appendTimestamps(ts: Float64Array, n: number): void {
    for (let i = 0; i < n; i++) {
      if (ts[i] === LONG_NULL || Number.isNaN(ts[i])) throw SvcError.badRequest('designated timestamp column cannot be NULL');
    }
    this.reserveTimestamps(n);
    const out = this.timestamps;
    let last = this.rows > 0 ? out[this.rows - 1] : Number.NEGATIVE_INFINITY;
    let sorted = this.sorted;
    let min = this.minTs;
    let max = this.maxTs;
    for (let i = 0; i < n; i++) {
      const t = ts[i];
      out[this.rows + i] = t;
      if (t < last) sorted = false;
      if (t < min) min = t;
      if (t > max) max = t;
      last = t;
    }
    this.sorted = sorted;
    this.minTs = min;
    this.maxTs = max;
  }

  /** appendTimestamps for TIMESTAMP_NS: µs into `timestamps`, ns within the µs into `subs`. */
  private appendNanos(v: Vector, n: number): void {
    this.reserveTimestamps(n);
    const out = this.timestamps;
    const subs = this.subs as Uint16Array;
    const at = this.rows;
    splitNanosVector(v, 0, n, out, subs, at);
    for (let i = at; i < at + n; i++) {
      if (out[i] === LONG_NULL) throw SvcError.badRequest('designated timestamp column cannot be NULL');
    }
    let last = at > 0 ? out[at - 1] : Number.NEGATIVE_INFINITY;
    let lastSub = at > 0 ? subs[at - 1] : 0;
    let sorted = this.sorted;
    let min = this.minTs;
    let max = this.maxTs;
    for (let i = at; i < at + n; i++) {
      const t = out[i];
      if (t < last || (t === last && subs[i] < lastSub)) sorted = false;
      if (t < min) min = t;
      if (t > max) max = t;
      last = t;
      lastSub = subs[i];
    }
    this.sorted = sorted;
    this.minTs = min;
    this.maxTs = max;
  }

  private reserveTimestamps(n: number): void {
    if (this.rows + n <= this.timestamps.length) return;
    let size = this.timestamps.length * 2;
    while (size < this.rows + n) size *= 2;
    const t = new Float64Array(size);
    t.set(this.timestamps.subarray(0, this.rows));
    this.timestamps = t;
    if (this.subs) {
      const s = new Uint16Array(size);
      s.set(this.subs.subarray(0, this.rows));
      this.subs = s;
    }
  }

  /** Keys of the writer's own dictionary pass through; other dictionaries are re-interned by value. */
  private remapSymbols(col: StoredColumn, v: Vector, n: number): Int32Array | undefined {
    const dict = this.dictionaries.get(col.id) as SymbolDictionary;
    const src = v.symbols;
    if (src === dict || (src instanceof SymbolSnapshot && src.dictionary === dict)) return undefined;
    const keys = new Int32Array(n);
    const data = v.data;
    const seen = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const k = data[i];
      if (k < 0) { keys[i] = -1; continue; }
      let mapped = seen.get(k);
      if (mapped === undefined) {
        const value = src ? src.value(k) : null;
        mapped = value === null ? -1 : dict.intern(value);
        seen.set(k, mapped);
      }
      keys[i] = mapped;
    }
    return keys;
  }
}
