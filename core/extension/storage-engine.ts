/**
 * The StorageEngine behind every table. One registration; the SQL engine,
 * import and meta functions use it. All names are case-insensitive. Errors are SvcError with the
 * QuestDB's texts (`table does not exist [table=x]`, `table already exists`, table busy).
 */
import { ColumnBatch } from '../data/column-batch';
import { SymbolTable } from '../data/symbol-table';
import { Vector } from '../data/vector';
import { ColumnDef, CreateTableRequest, PartitionInfo, TableSchema, TimeInterval } from '../data/table-schema';
import { TimeBuckets } from '../time/bucket-starts';

export const StorageEngine = Symbol.for('svc.StorageEngine');

export interface StorageEngine {
  /** Every table, in creation order. */
  listTables(): readonly TableSchema[];
  /** The current schema of a table, or undefined. */
  getTable(name: string): TableSchema | undefined;
  /** Creates the table's folder, `_meta` and `_txn`; throws `table already exists [table=x]`. Validates the name. */
  createTable(request: CreateTableRequest): Promise<TableSchema>;
  /**
   * Makes a table created `provisional` permanent (CREATE TABLE AS, after its rows are committed): from
   * here a crash keeps it. Optional: an engine without it keeps every table it creates.
   */
  publishTable?(name: string): Promise<void>;
  dropTable(name: string): Promise<void>;
  renameTable(from: string, to: string): Promise<void>;
  /** Removes every row, keeps the structure. */
  truncateTable(name: string): Promise<void>;
  /** Adds a column without rewriting the others; old rows read as null. */
  addColumn(table: string, column: ColumnDef): Promise<void>;
  /** Adds several columns in one schema change (all checked first; none is added when one is refused). */
  addColumns(table: string, columns: readonly ColumnDef[]): Promise<void>;
  dropColumn(table: string, column: string): Promise<void>;
  renameColumn(table: string, from: string, to: string): Promise<void>;
  /**
   * Changes per-table parameters (ALTER TABLE SET PARAM, DEDUP ENABLE/DISABLE, import parameters). Takes
   * effect for the writer's next rows; throws SvcError for a bad value or bad dedup keys.
   */
  setTableParams(table: string, params: TableParams): Promise<void>;

  /** A snapshot of the committed state; cheap. Close it when done so column files can be released. */
  openReader(table: string): TableReader;
  /**
   * The table's single writer. A second caller waits (bounded by `timeoutMs`, default
   * `cairo.writer.acquire.timeout`) and then gets a "table busy" SvcError; an aborted signal stops the wait.
   */
  openWriter(table: string, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<TableWriter>;
  /**
   * Commits the pending rows of several writers (one per table, each from `openWriter`) as one
   * transaction: readers and a restart after a crash see every table's rows or none of them. A
   * line-protocol request that touches several tables commits through this. Throws SvcError and leaves
   * every writer's pending rows in place (the caller rolls back) when any table cannot commit.
   */
  commitTogether(writers: readonly TableWriter[]): Promise<void>;
  /**
   * ALTER TABLE … CONVERT PARTITION TO PARQUET / NATIVE: each named partition (`table_partitions()` names)
   * moves to the tier, one `_txn` swap per partition (core/extension/partition-bytes.ts). Returns how many
   * changed tier (already there: unchanged). Throws SvcError for a missing partition, a column type the tier
   * cannot hold, or a damaged file, leaving the partition as it was. Optional: engines without tiers omit it.
   */
  convertPartitions?(table: string, partitions: readonly string[], to: 'parquet' | 'native', signal?: AbortSignal): Promise<number>;
  /** ALTER TABLE … DROP PARTITION: removes the named partitions in one `_txn` swap. Optional. */
  dropPartitions?(table: string, partitions: readonly string[]): Promise<void>;
  /** Flushes and releases everything; called once at shutdown after all writers are closed. */
  close(): Promise<void>;
}

export interface TableParams {
  readonly maxUncommittedRows?: number;
  readonly o3MaxLagMicros?: number;
  /** DEDUP UPSERT KEYS column names, the designated timestamp among them; empty turns deduplication off. */
  readonly dedupKeys?: readonly string[];
  /** Conversion to Parquet by age (TableSchema.parquetConvertAfterMicros); 0 = never. */
  readonly parquetConvertAfterMicros?: number;
}

export interface ScanOptions {
  /** Table column indexes to read; batch vectors come in this order. */
  readonly columns: readonly number[];
  /**
   * Designated-timestamp intervals, sorted and disjoint. The scan visits only the partitions they touch and
   * finds each interval's first and last row by binary search. Absent = all rows.
   */
  readonly intervals?: readonly TimeInterval[];
  /** Newest row first. */
  readonly reverse?: boolean;
  /** Upper bound on rows per batch (default 65536). */
  readonly batchRows?: number;
  /**
   * Backwards scans (`LATEST ON … PARTITION BY` one SYMBOL column, table column index): the engine may yield
   * only the newest row of each key of that column (NULL included) inside the intervals, newest first, and
   * end once every key was found. Engines that ignore it yield every row; the caller keeps the first per key.
   */
  readonly latestBy?: number;
  readonly signal?: AbortSignal;
  /**
   * Only rows whose SYMBOL column (table column index) holds one of `values` are wanted: the scan may skip
   * the others (it yields the wanted rows gathered, in order, where its posting lists pay; elsewhere every
   * row, so the caller still filters). Forward scans only; pass it when `symbolRows` found it selective.
   */
  readonly symbolValues?: SymbolValues;
  /** How a narrowed scan gathers its selected rows (the query workers' gather); absent: on this thread. */
  readonly gather?: RowGather;
  /**
   * SAMPLE BY over a narrowed scan, when nothing else reads the designated timestamp (a TIMESTAMP column,
   * table index `column`): the selected rows may hold their bucket's start there instead of their own
   * timestamp, found without reading each row's (time/bucket-starts.ts). Unnarrowed rows keep their timestamps.
   */
  readonly timeBuckets?: { readonly column: number; readonly buckets: TimeBuckets };
}

/**
 * Gathers rows `rows` (ascending row indexes) of each vector into new vectors of the same types, in order:
 * a narrowed scan's selected rows. Each row is a random access, so a gather may split them over threads.
 */
export type RowGather = (vectors: readonly Vector[], rows: Int32Array) => Promise<Vector[]>;

/** A scan's SYMBOL column (table column index) and the values its rows must hold. */
export interface SymbolValues {
  readonly column: number;
  readonly values: readonly string[];
}

/** Rows a scan's intervals touch and, of those, the rows holding the wanted symbol values. */
export interface SymbolRowCount {
  readonly rows: number;
  readonly selected: number;
  /**
   * Of the selected rows, those a narrowed scan reads in place from per-symbol copies of the columns
   * (no gather, no merge of several keys' rows); absent when the engine keeps none.
   */
  readonly clustered?: number;
}

export interface TableReader {
  /** Schema at the snapshot. */
  readonly schema: TableSchema;
  /** Committed rows visible to this reader. */
  readonly rowCount: number;
  readonly partitions: readonly PartitionInfo[];
  /** The snapshot's commit number (`_txn`), for `wal_tables()` writerTxn/sequencerTxn. */
  readonly committedTxn?: number;
  /**
   * When the snapshot's commit was made, in µs since the epoch (`tables()` table_last_write_timestamp);
   * undefined before the table's first commit. Optional: engines that do not know it leave it out.
   */
  lastCommitMicros?(): number | undefined;
  /** The committed dictionary of a SYMBOL column (table column index). */
  symbols(columnIndex: number): SymbolTable;
  /**
   * Rows in designated-timestamp order (ties in insertion order), or insertion order without a designated
   * timestamp. Batches are views on cached column data: never modify them.
   */
  scan(options: ScanOptions): AsyncIterable<ColumnBatch>;
  /**
   * For `LATEST ON`: row positions of the last row per key of an indexed (or any) SYMBOL column, newest first,
   * walking backwards and stopping when every key is found. Optional: engines without it fall back to a scan.
   */
  latestBySymbol?(columnIndex: number, intervals?: readonly TimeInterval[]): AsyncIterable<ColumnBatch>;
  /**
   * Counts for `ScanOptions.symbolValues`: the rows inside `intervals` and how many of them a scan given the
   * values reads (per-partition posting lists; all rows of a partition read whole), and how many of those
   * it reads in place when it reads `columns` (table column indexes). Optional: engines without it never
   * narrow by symbol.
   */
  symbolRows?(wanted: SymbolValues, intervals?: readonly TimeInterval[], columns?: readonly number[]): SymbolRowCount;
  /**
   * Whether some row inside `intervals` may hold NULL in SYMBOL column `columnIndex` (true where the engine
   * cannot tell), so `LATEST ON … PARTITION BY` under a WHERE can end its walk once every dictionary key was
   * found when none does. Optional: engines without it are walked to the end.
   */
  mayHoldNullSymbol?(columnIndex: number, intervals?: readonly TimeInterval[]): boolean;
  /** Releases the snapshot. */
  close(): void;
}

/**
 * A table's single writer. Everything appended between two commits is one transaction, whatever its size:
 * rows beyond the table's maxUncommittedRows are written to disk as staged data that no reader sees, so
 * memory stays bounded, and `commit()` publishes all of it at once. A rollback, a close without commit or
 * a crash leaves nothing of it (start-up removes staged data).
 */
export interface TableWriter {
  readonly schema: TableSchema;
  /** Rows appended and not yet committed (in memory and staged on disk). */
  readonly pendingRows: number;
  /**
   * Appends rows: one vector per table column, in table column order, all of `batch.rowCount` rows.
   * SYMBOL vectors whose `symbols` is not this writer's dictionary (see `symbolTable`) are re-interned by value.
   * Out-of-order designated timestamps are accepted and merged in order. When pending rows reach the table's
   * maxUncommittedRows they move to disk as staged rows (out-of-order rows within o3MaxLag of the newest stay
   * in memory to merge with late arrivals); they stay invisible until `commit()`. Throws SvcError (e.g. null
   * designated timestamp) without appending.
   */
  append(batch: ColumnBatch): Promise<void>;
  /**
   * Adds a column while this writer holds the table (line protocol meeting a new field mid-request); rows
   * appended so far read null in it. Like ALTER TABLE ADD COLUMN it takes effect at once: a rollback discards
   * rows, not the column. Throws SvcError for an invalid or duplicate name.
   */
  addColumn(column: ColumnDef): Promise<void>;
  /** `addColumn` for several columns at once: all checked first, then one schema change for all of them. */
  addColumns(columns: readonly ColumnDef[]): Promise<void>;
  /** The writer's dictionary for a SYMBOL column; `intern` adds a value and returns its key. */
  symbolTable(columnIndex: number): SymbolTable & { intern(value: string): number };
  /**
   * Makes every row appended since the last commit durable per `cairo.commit.mode` and visible to new
   * readers in one step. On a table with DEDUP UPSERT KEYS, a row with the same designated timestamp and
   * keys as an earlier one (committed or in this transaction) replaces it.
   */
  commit(): Promise<void>;
  /**
   * Removes every committed row, and every row appended so far, as part of this transaction: readers keep
   * seeing the old rows until `commit()`, and a rollback keeps them. Symbol dictionaries are kept.
   */
  truncate(): Promise<void>;
  /** Discards everything appended since the last commit, staged rows included. */
  rollback(): Promise<void>;
  /**
   * Optional, with `ownReader` (a session reading its own uncommitted rows, PostgreSQL's transaction
   * blocks): moves the rows pending in memory into the transaction's staged data, still invisible to others.
   */
  stage?(): Promise<void>;
  /**
   * Optional, with `stage`: a reader of the committed rows plus this transaction's staged ones, as the
   * transaction stands (rows appended after `stage()` are not in it). Close it before `commit()`/`rollback()`.
   */
  ownReader?(): TableReader;
  /** Rolls back anything not committed and releases the table for the next writer. */
  close(): Promise<void>;
}
