/**
 * The columnar StorageEngine: one folder per table under `<root>/db`, opened and
 * recovered at start. DDL changes `_meta`/`_txn` under the table's writer lock, so it never races a writer.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isDesignatedTimestampType } from '../../core/data/column-type';
import { ColumnDef, CreateTableRequest, PARTITION_BY_VALUES, TableSchema, findColumn } from '../../core/data/table-schema';
import { Lifecycle } from '../../core/extension/lifecycle';
import { dedupKeyError } from '../../core/data/dedup-keys';
import { StorageEngine, TableParams, TableReader, TableWriter } from '../../core/extension/storage-engine';
import { SvcError } from '../../core/errors';
import { Log } from '../../core/log/log';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { CommitMode, syncDirectory, writeFileAtomic } from './atomic-file';
import { ColumnCache } from './column-cache';
import { CommitGroups } from './commit-group';
import { StoredColumn, TableMeta, writeMeta } from './table-meta';
import { validateColumnName, validateTableName } from './table-name';
import { ColumnarTableReader } from './table-reader';
import { TableState } from './table-state';
import { ColumnarTableWriter } from './table-writer';
import { EMPTY_TXN, TXN_FILE, TxnState, writeTxn } from './txn-state';
import { recoverTable } from './recovery';
import { addTableColumns } from './add-column';
import { storedWidth } from './vector-encoder';
import { ColdPartitionStore } from '../../core/extension/partition-bytes';
import { ParquetReads } from './parquet/parquet-reads';
import { DEFAULT_ENCODING, PartitionEncoding } from './parquet/partition-encoding';
import { EngineTiers } from './parquet/engine-tiers';
import { TierChanges } from './parquet/tier-changes';
import { AgeConverter, AgeSettings } from './parquet/age-converter';


/** Pending bytes per writer when the options do not say (`cairo.max.uncommitted.bytes`'s default). */
const DEFAULT_PENDING_BYTES = 16 << 20;
/** Marks a table created by a CREATE TABLE AS still running (CreateTableRequest.provisional). */
const PROVISIONAL_FILE = '_provisional';
/** Folders the engine creates: `<name>~<id>` (directoryName) and `<name>~<id>.tmp` while creating. */
const OWN_FOLDER = /~\d+(\.tmp)?$/;
export interface EngineOptions {
  readonly dbDir: string;
  readonly maxUncommittedRows: number;
  /** `cairo.max.uncommitted.bytes`: pending rows move to disk past this many bytes too (default 16 MiB). */
  readonly maxUncommittedBytes?: number;
  readonly o3MaxLagMicros: number;
  readonly commitMode: CommitMode;
  readonly cacheBytes: number;
  readonly writerTimeoutMs: number;
  readonly maxNameLength: number;
  /** `cairo.max.columns`: columns a table may have (CREATE TABLE, /imp, ADD COLUMN, line protocol). */
  readonly maxColumns?: number;
  readonly metrics: ServerMetrics;
  readonly log?: Log;
  /** How Parquet partitions are written (`cairo.partition.encoder.parquet.*`). */
  readonly parquetEncoding?: PartitionEncoding;
  /** The cold tier's reads, when a plugin registered one (resolved on first use). */
  readonly coldStore?: () => ColdPartitionStore | undefined;
  /** Conversion to Parquet by age (age-converter.ts); absent: tables' own settings only, checked every minute. */
  readonly parquetAge?: Partial<AgeSettings>;
}

export class ColumnarEngine implements StorageEngine, Lifecycle {
  readonly name = 'storage-columnar';
  readonly cache: ColumnCache;
  private readonly tables = new Map<string, TableState>();
  private readonly groups: CommitGroups;
  private nextId = 1;
  /** Reads of Parquet partitions (footers and decoded chunks in the column cache). */
  readonly parquet: ParquetReads;
  /** The tier switch and PartitionTiers (core/extension/partition-bytes.ts). */
  readonly tiers: EngineTiers;
  private readonly encoding: PartitionEncoding;
  /** Background conversion of partitions past their age. */
  readonly ageConverter: AgeConverter;

  constructor(readonly options: EngineOptions) {
    this.cache = new ColumnCache(options.cacheBytes);
    this.groups = new CommitGroups(options.dbDir, options.commitMode);
    this.parquet = new ParquetReads(this.cache, options.coldStore);
    this.encoding = options.parquetEncoding ?? DEFAULT_ENCODING;
    const changes = new TierChanges(options.coldStore, options.log);
    this.tiers = new EngineTiers({
      reads: this.parquet, encoding: this.encoding, mode: options.commitMode, writerTimeoutMs: options.writerTimeoutMs, changes,
    }, (name) => this.require(name));
    this.ageConverter = new AgeConverter(() => [...this.tables.values()], this.tiers, {
      defaultAfterMicros: options.parquetAge?.defaultAfterMicros ?? 0, intervalMs: options.parquetAge?.intervalMs ?? 60_000,
      now: options.parquetAge?.now ?? ((): number => Date.now() * 1000),
    }, options.log);
  }

  /** Opens every table folder, recovering each to its committed state. */
  async start(): Promise<void> {
    mkdirSync(this.options.dbDir, { recursive: true });
    const completed = CommitGroups.recover(this.options.dbDir);
    if (completed > 0) this.options.log?.advisory(`completed a commit across tables that a crash interrupted [tables=${completed}]`);
    for (const entry of readdirSync(this.options.dbDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = join(this.options.dbDir, entry.name);
      if (existsSync(join(dir, PROVISIONAL_FILE)) && OWN_FOLDER.test(entry.name)) {
        // A CREATE TABLE AS that a crash interrupted: the statement never answered, so its table goes too.
        rmSync(dir, { recursive: true, force: true });
        this.options.log?.advisory(`removed the table of an interrupted CREATE TABLE AS [dir=${dir}]`);
        continue;
      }
      if (!existsSync(join(dir, '_meta'))) {
        if (OWN_FOLDER.test(entry.name)) {
          // An interrupted create (`.tmp`) or a dropped table whose `_meta` was already removed.
          rmSync(dir, { recursive: true, force: true });
        } else {
          // Never delete what the engine did not create: a user's folder under db/ is left alone.
          this.options.log?.advisory(`ignoring a folder that is not a table [dir=${dir}]`);
        }
        continue;
      }
      const r = recoverTable(dir);
      if (r.truncatedFiles + r.removedEntries > 0) {
        this.options.log?.advisory(`recovered table [table=${r.meta.name}, truncatedFiles=${r.truncatedFiles}, removed=${r.removedEntries}]`);
      }
      this.tables.set(r.meta.name.toLowerCase(), this.tableState(r.meta, r.txn, dir));
      this.nextId = Math.max(this.nextId, r.meta.id + 1);
    }
    this.options.log?.advisory(`storage opened [db=${this.options.dbDir}, tables=${this.tables.size}, commitMode=${this.options.commitMode}]`);
    this.ageConverter.start();
  }

  async stop(): Promise<void> {
    await this.ageConverter.stop();
    await this.close();
  }

  async close(): Promise<void> {
    await this.ageConverter.stop();
    this.cache.clear();
  }

  listTables(): readonly TableSchema[] {
    return [...this.tables.values()].sort((a, b) => a.meta.id - b.meta.id).map((t) => t.schema);
  }

  getTable(name: string): TableSchema | undefined {
    return this.tables.get(name.toLowerCase())?.schema;
  }

  async createTable(request: CreateTableRequest): Promise<TableSchema> {
    const name = request.name;
    validateTableName(name, this.options.maxNameLength);
    if (this.tables.has(name.toLowerCase())) throw SvcError.badRequest(`table already exists [table=${name}]`);
    this.checkColumnCount(name, request.columns.length);
    const seen = new Set<string>();
    const columns: StoredColumn[] = request.columns.map((c, i) => {
      this.checkColumn(c, seen);
      return { ...c, id: i, file: c.name };
    });
    const timestampIndex = request.timestamp === undefined ? -1 : columns.findIndex((c) => c.name.toLowerCase() === request.timestamp?.toLowerCase());
    if (request.timestamp !== undefined && timestampIndex < 0) throw SvcError.badRequest(`invalid designated timestamp column [name=${request.timestamp}]`);
    if (timestampIndex >= 0 && !isDesignatedTimestampType(columns[timestampIndex].type)) {
      throw SvcError.badRequest(`designated timestamp column must be of TIMESTAMP type [column=${request.timestamp}]`);
    }
    checkParams(request);
    const dedupKeys = request.dedupKeys ?? [];
    const dedupError = dedupKeys.length > 0 ? dedupKeyError(columns, timestampIndex >= 0 ? columns[timestampIndex].name : undefined, dedupKeys) : undefined;
    if (dedupError) throw SvcError.badRequest(dedupError.message);
    const partitionBy = request.partitionBy ?? 'NONE';
    if (!PARTITION_BY_VALUES.includes(partitionBy)) throw SvcError.badRequest(`invalid partitionBy [value=${String(partitionBy)}]`);
    if (partitionBy !== 'NONE' && timestampIndex < 0) {
      throw SvcError.badRequest('partitioning is possible only on tables with designated timestamps');
    }
    const id = this.nextId++;
    const meta: TableMeta = {
      id, name, directoryName: `${name}~${id}`, columns, nextColumnId: columns.length, timestampIndex, partitionBy,
      maxUncommittedRows: request.maxUncommittedRows ?? this.options.maxUncommittedRows,
      o3MaxLagMicros: request.o3MaxLagMicros ?? this.options.o3MaxLagMicros,
      walEnabled: request.walEnabled ?? false,
      dedupKeys,
      ...(request.parquetConvertAfterMicros !== undefined ? { parquetConvertAfterMicros: request.parquetConvertAfterMicros } : {}),
    };
    const dir = join(this.options.dbDir, meta.directoryName);
    const tmp = `${dir}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    writeTxn(join(tmp, TXN_FILE), EMPTY_TXN, this.options.commitMode);
    writeMeta(join(tmp, '_meta'), meta, this.options.commitMode);
    if (request.provisional) writeFileAtomic(join(tmp, PROVISIONAL_FILE), '', this.options.commitMode);
    renameSync(tmp, dir);
    const state = this.tableState(meta, EMPTY_TXN, dir);
    this.tables.set(name.toLowerCase(), state);
    return state.schema;
  }

  async publishTable(name: string): Promise<void> {
    const state = this.require(name);
    // The rows are committed already; from here a restart keeps the table.
    rmSync(join(state.dir, PROVISIONAL_FILE), { force: true });
    if (this.options.commitMode === 'sync') syncDirectory(state.dir);
  }

  async dropTable(name: string): Promise<void> {
    const state = this.require(name);
    await state.acquire(this.options.writerTimeoutMs);
    try {
      // Without `_meta` the folder is no table: a crash before the delete finishes cannot resurrect it.
      rmSync(join(state.dir, '_meta'), { force: true });
      state.dropped = true;
      for (const p of state.txn.partitions) if (p.parquet) this.tiers.removed(state, p);
      this.tables.delete(name.toLowerCase());
      state.retire(state.txn.txn + 1, [state.dir]);
    } finally {
      state.release();
    }
  }

  async renameTable(from: string, to: string): Promise<void> {
    validateTableName(to, this.options.maxNameLength);
    const state = this.require(from);
    const existing = this.tables.get(to.toLowerCase());
    if (existing && existing !== state) throw SvcError.badRequest(`table already exists [table=${to}]`);
    await this.alter(state, () => {
      this.writeMeta(state, { ...state.meta, name: to });
      this.tables.delete(from.toLowerCase());
      this.tables.set(to.toLowerCase(), state);
    });
  }

  async truncateTable(name: string): Promise<void> {
    const state = this.require(name);
    await this.alter(state, () => {
      const txn = { txn: state.txn.txn + 1, partitions: [], symbols: state.txn.symbols };
      writeTxn(join(state.dir, TXN_FILE), txn, this.options.commitMode);
      const gone = state.txn.partitions;
      state.txn = txn;
      state.retire(txn.txn, gone.map((p) => join(state.dir, p.dir)));
      for (const p of gone) if (p.parquet) this.tiers.removed(state, p);
    });
  }

  async addColumn(table: string, column: ColumnDef): Promise<void> {
    await this.addColumns(table, [column]);
  }

  async addColumns(table: string, columns: readonly ColumnDef[]): Promise<void> {
    const state = this.require(table);
    await this.alter(state, () => {
      this.checkColumnCount(state.meta.name, state.meta.columns.length + columns.length);
      addTableColumns(state, columns, this.options.commitMode, this.options.maxNameLength);
    });
  }

  async dropColumn(table: string, column: string): Promise<void> {
    const state = this.require(table);
    await this.alter(state, () => {
      const index = this.requireColumn(state, column);
      if (index === state.meta.timestampIndex) throw SvcError.badRequest(`cannot drop designated timestamp column [column=${column}]`);
      const dropped = state.meta.columns[index];
      const columns = state.meta.columns.filter((_, i) => i !== index);
      const ts = state.meta.timestampIndex;
      this.writeMeta(state, { ...state.meta, columns, timestampIndex: ts > index ? ts - 1 : ts });
      const files = state.txn.partitions.flatMap((p) => [join(state.dir, p.dir, `${dropped.file}.d`), join(state.dir, p.dir, `${dropped.file}.i`)]);
      files.push(join(state.dir, `${dropped.file}.sym`));
      state.dictionaries.delete(dropped.id);
      state.retire(state.txn.txn + 1, files);
    });
  }

  async renameColumn(table: string, from: string, to: string): Promise<void> {
    const state = this.require(table);
    await this.alter(state, () => {
      const index = this.requireColumn(state, from);
      validateColumnName(to, this.options.maxNameLength);
      const other = findColumn(state.schema, to);
      if (other >= 0 && other !== index) throw SvcError.badRequest(`duplicate column name [name=${to}]`);
      const columns = state.meta.columns.map((c, i) => (i === index ? { ...c, name: to } : c));
      const dedupKeys = state.meta.dedupKeys.map((k) => (k.toLowerCase() === from.toLowerCase() ? to : k));
      this.writeMeta(state, { ...state.meta, columns, dedupKeys });
    });
  }

  async setTableParams(table: string, params: TableParams): Promise<void> {
    const state = this.require(table);
    checkParams(params);
    const { meta } = state;
    if (params.dedupKeys !== undefined && params.dedupKeys.length > 0) {
      const error = dedupKeyError(meta.columns, meta.timestampIndex >= 0 ? meta.columns[meta.timestampIndex].name : undefined, params.dedupKeys);
      if (error) throw SvcError.badRequest(error.message);
    }
    this.writeMeta(state, {
      ...meta,
      maxUncommittedRows: params.maxUncommittedRows ?? meta.maxUncommittedRows,
      o3MaxLagMicros: params.o3MaxLagMicros ?? meta.o3MaxLagMicros,
      dedupKeys: params.dedupKeys ?? meta.dedupKeys,
      ...(params.parquetConvertAfterMicros !== undefined ? { parquetConvertAfterMicros: params.parquetConvertAfterMicros } : {}),
    });
  }

  async convertPartitions(table: string, partitions: readonly string[], to: 'parquet' | 'native', signal?: AbortSignal): Promise<number> {
    return this.tiers.convert(table, partitions, to, signal);
  }

  async dropPartitions(table: string, partitions: readonly string[]): Promise<void> {
    await this.tiers.drop(table, partitions);
  }

  openReader(table: string): TableReader {
    return new ColumnarTableReader(this.require(table), this.cache, this.parquet);
  }

  async openWriter(table: string, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<TableWriter> {
    const state = this.require(table);
    await state.acquire(options?.timeoutMs ?? this.options.writerTimeoutMs, options?.signal);
    return new ColumnarTableWriter(state, {
      mode: this.options.commitMode, cache: this.cache, metrics: this.options.metrics, maxNameLength: this.options.maxNameLength,
      maxPendingBytes: this.options.maxUncommittedBytes ?? DEFAULT_PENDING_BYTES,
      parquet: this.parquet, encoding: this.encoding,
    });
  }

  /** One writer commits as usual; several commit as one transaction (commit-group.ts). */
  async commitTogether(writers: readonly TableWriter[]): Promise<void> {
    const own = writers.map((w) => this.ownWriter(w));
    if (own.length <= 1) return own[0]?.commit();
    if (new Set(own.map((w) => w.state)).size < own.length) throw SvcError.badRequest('commitTogether takes one writer per table');
    await this.groups.commit(own);
  }

  private ownWriter(w: TableWriter): ColumnarTableWriter {
    if (!(w instanceof ColumnarTableWriter) || this.tables.get(w.schema.name.toLowerCase()) !== w.state) {
      throw new SvcError(`commitTogether takes writers opened by this engine [table=${w.schema.name}]`);
    }
    return w;
  }

  private tableState(meta: TableMeta, txn: TxnState, dir: string): TableState {
    const state = new TableState(meta, txn, dir, this.cache);
    state.onPublish = (before, after) => this.tiers.published(state, before, after);
    return state;
  }

  private require(name: string): TableState {
    const state = this.tables.get(name.toLowerCase());
    if (!state) throw new SvcError(`table does not exist [table=${name}]`, 400);
    return state;
  }

  private requireColumn(state: TableState, name: string): number {
    const index = findColumn(state.schema, name);
    if (index < 0) throw SvcError.badRequest(`Invalid column: ${name}`);
    return index;
  }

  private checkColumnCount(table: string, count: number): void {
    const limit = this.options.maxColumns ?? Infinity;
    if (count > limit) throw SvcError.badRequest(`too many columns [table=${table}, columns=${count}, max=${limit}] (cairo.max.columns)`);
  }

  private checkColumn(c: ColumnDef, seen: Set<string>): void {
    validateColumnName(c.name, this.options.maxNameLength);
    storedWidth(c.type);
    const lower = c.name.toLowerCase();
    if (seen.has(lower)) throw SvcError.badRequest(`duplicate column name [name=${c.name}]`);
    seen.add(lower);
  }

  private writeMeta(state: TableState, meta: TableMeta): void {
    writeMeta(join(state.dir, '_meta'), meta, this.options.commitMode);
    state.setMeta(meta);
  }

  /** Runs a structure change holding the writer lock. */
  private async alter(state: TableState, change: () => void): Promise<void> {
    await state.acquire(this.options.writerTimeoutMs);
    try {
      change();
    } finally {
      state.release();
    }
  }
}

function checkParams(p: { maxUncommittedRows?: number; o3MaxLagMicros?: number; parquetConvertAfterMicros?: number }): void {
  if (p.parquetConvertAfterMicros !== undefined && !(Number.isFinite(p.parquetConvertAfterMicros) && p.parquetConvertAfterMicros >= 0)) {
    throw SvcError.badRequest(`invalid parquetConvertAfter [value=${p.parquetConvertAfterMicros}, expected=a duration of 0 or more]`);
  }
  if (p.maxUncommittedRows !== undefined && !(Number.isInteger(p.maxUncommittedRows) && p.maxUncommittedRows >= 1)) {
    throw SvcError.badRequest(`invalid maxUncommittedRows [value=${p.maxUncommittedRows}, expected=a positive integer]`);
  }
  if (p.o3MaxLagMicros !== undefined && !(Number.isFinite(p.o3MaxLagMicros) && p.o3MaxLagMicros >= 0)) {
    throw SvcError.badRequest(`invalid o3MaxLag [value=${p.o3MaxLagMicros}, expected=a duration of 0 or more]`);
  }
}
