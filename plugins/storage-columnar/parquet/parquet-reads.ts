/**
 * The engine's reads of Parquet partitions, for scans and rewrites: the file's source (the local file, or the
 * cold store's object), its parsed footer and each decoded (row group, column) chunk, both kept in the column
 * cache under the partition folder's path and the file's size (so a retired folder's entries go with it and
 * the cache budget covers decoded Parquet columns too). Concurrent loads of one chunk share one decode. A
 * damaged file fails the read with an error naming table, partition and file; nothing is cached for it.
 */
import { join } from 'node:path';
import { TypeTag } from '../../../core/data/column-type';
import { SymbolTable } from '../../../core/data/symbol-table';
import { Vector } from '../../../core/data/vector';
import { ByteSource, ColdPartitionStore, ParquetPartitionLocation } from '../../../core/extension/partition-bytes';
import { SvcError } from '../../../core/errors';
import { ColumnCache } from '../column-cache';
import { columnTop } from '../partition-files';
import { RawColumn } from '../raw-column';
import { StoredColumn, TableMeta } from '../table-meta';
import { PartitionState } from '../txn-state';
import { nullPattern, storedWidth } from '../vector-encoder';
import { nullVector } from '../vector-decoder';
import { FileByteSource } from './byte-sources';
import { ParquetPartitionFile, ParquetReadCounters } from './parquet-partition';
import { storedVector } from './stored-vector';

/** Where a table's partitions are: the table folder and its name (for messages and the cold store). */
export interface TableFiles {
  readonly dir: string;
  readonly meta: TableMeta;
}

export class ParquetReads {
  readonly counters: ParquetReadCounters = { bytes: 0, reads: 0, rowGroupsRead: 0, rowGroupsPruned: 0 };
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(private readonly cache: ColumnCache, private readonly coldStore: () => ColdPartitionStore | undefined = () => undefined) {}

  /** The committed Parquet partition as a location (PartitionTiers, the cold store). */
  location(table: TableFiles, p: PartitionState): ParquetPartitionLocation {
    const f = parquetOf(p);
    return {
      table: table.meta.name, tableDir: table.meta.directoryName, partition: p.name, floor: p.floor, dir: p.dir, file: f.file,
      path: f.cold ? undefined : join(table.dir, p.dir, f.file), size: f.size, rows: p.rows, minTimestamp: p.minTs, maxTimestamp: p.maxTs,
      tier: f.cold ? 'cold' : 'parquet', remote: f.cold,
    };
  }

  source(table: TableFiles, p: PartitionState): ByteSource {
    const f = parquetOf(p);
    if (!f.cold) return new FileByteSource(join(table.dir, p.dir, f.file), f.size);
    const store = this.coldStore();
    if (!store) {
      throw new SvcError(`cold partition store is not configured [table=${table.meta.name}, partition=${p.name}, key=${f.cold.key}]`, 503);
    }
    return store.open(this.location(table, p));
  }

  /** The partition's opened file (footer parsed once per version). */
  async file(table: TableFiles, p: PartitionState, signal?: AbortSignal): Promise<ParquetPartitionFile> {
    const key = `${join(table.dir, p.dir)}/#footer`;
    const version = String(parquetOf(p).size);
    const cached = this.cache.object<ParquetPartitionFile>(key, version);
    if (cached) return cached;
    return this.once(key + version, async () => {
      try {
        const file = await ParquetPartitionFile.open(this.source(table, p), signal);
        if (file.footer.rows !== p.rows) throw new Error(`the file holds ${file.footer.rows} rows, _txn says ${p.rows}`);
        this.cache.putObject(key, version, file, file.footer.footerBytes * 4 + 1024);
        return file;
      } catch (e) {
        throw damaged(table, p, e);
      }
    });
  }

  /**
   * Row group `group` of table column `c` (`index` in the table) as a vector: the cached decode or a new one.
   * `symbols`: the reader's dictionary of a SYMBOL column (its values become the dictionary's keys).
   */
  async vector(table: TableFiles, p: PartitionState, file: ParquetPartitionFile, group: number, index: number,
    symbols: SymbolTable | undefined, signal?: AbortSignal): Promise<Vector> {
    const c = table.meta.columns[index];
    const rows = file.footer.rowGroups[group].rows;
    const fileColumn = file.columnMap(table.meta.columns)[index];
    const groupStart = file.starts[group];
    // A column added after the conversion (or a top reaching into this group): nulls, as in a native partition.
    if (fileColumn < 0 || columnTop(p, c) >= groupStart + rows) return nullVector(c.type, storedWidth(c.type), rows);
    const key = `${join(table.dir, p.dir)}/#${group}/${c.file}`;
    const version = String(parquetOf(p).size);
    const hit = this.cache.peek(key, version);
    if (hit) return hit;
    return this.once(key + version, async () => {
      const raw = await this.chunk(table, p, file, group, fileColumn, c, symbols, signal);
      const v = storedVector(raw, c.type);
      this.cache.put(key, version, v);
      return v;
    });
  }

  /** Every row of table column `c` in stored form (rewrites: merges into, and conversions of, a Parquet partition). */
  async column(table: TableFiles, p: PartitionState, c: StoredColumn, symbols: SymbolTable | undefined, signal?: AbortSignal): Promise<RawColumn> {
    const file = await this.file(table, p, signal);
    const fileColumn = file.columnMap(table.meta.columns)[table.meta.columns.indexOf(c)];
    const w = storedWidth(c.type);
    const out = new RawColumn(w, Math.max(1, p.rows), w === 0 ? 1024 : undefined);
    const top = columnTop(p, c);
    if (fileColumn < 0 || top >= p.rows) {
      out.appendNulls(p.rows, nullPattern(c.type));
      return out;
    }
    for (let g = 0; g < file.rowGroups; g++) {
      const raw = await this.chunk(table, p, file, g, fileColumn, c, symbols, signal);
      out.appendRows(raw, 0, raw.rows);
    }
    return out;
  }

  private async chunk(table: TableFiles, p: PartitionState, file: ParquetPartitionFile, group: number, fileColumn: number, c: StoredColumn,
    symbols: SymbolTable | undefined, signal?: AbortSignal): Promise<RawColumn> {
    const symbolKey = c.type.tag === TypeTag.SYMBOL ? keyLookup(c, symbols) : undefined;
    try {
      this.counters.rowGroupsRead++;
      return await file.readChunk(group, fileColumn, c.type, symbolKey, this.counters, signal);
    } catch (e) {
      if (e instanceof SvcError || signal?.aborted) throw e;
      throw damaged(table, p, e);
    }
  }

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.loading.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = load().finally(() => this.loading.delete(key));
    this.loading.set(key, p);
    return p;
  }
}

function keyLookup(c: StoredColumn, symbols: SymbolTable | undefined): (value: string) => number {
  if (!symbols) throw new Error(`no dictionary for SYMBOL column ${c.name}`);
  return (value) => {
    const k = symbols.keyOf(value);
    if (k < 0) throw new Error(`SYMBOL column ${c.name} holds a value its dictionary does not know`);
    return k;
  };
}

export function parquetOf(p: PartitionState): NonNullable<PartitionState['parquet']> {
  if (!p.parquet) throw new Error(`not a Parquet partition [partition=${p.name}]`);
  return p.parquet;
}

function damaged(table: TableFiles, p: PartitionState, e: unknown): SvcError {
  if (e instanceof SvcError) return e;
  const reason = e instanceof Error ? e.message : String(e);
  return new SvcError(`could not read Parquet partition [table=${table.meta.name}, partition=${p.name}, file=${join(p.dir, parquetOf(p).file)}]: ${reason}`, 500, undefined, { cause: e });
}
