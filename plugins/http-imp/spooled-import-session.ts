/**
 * An upload in a format that needs random access (Parquet: its footer, which describes everything, comes
 * last). The data part is written to a file under `http.import.spool.dir` as it arrives (memory stays at one
 * chunk), then the format opens the file, the table is prepared from its structure exactly as for CSV
 * (`schema`, `timestamp`, `partitionBy`, appending, `overwrite`), and its batches are appended piece by
 * piece. Nothing is committed before `commit()`; `close()` removes the file and rolls back the rest.
 */
import { randomBytes } from 'node:crypto';
import { FileHandle, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AnalysisOptions, FileImportFormat, ImportFile } from '../../core/extension/import-format';
import { StorageEngine } from '../../core/extension/storage-engine';
import { ImportParams } from './import-params';
import { ImportResult } from './import-result';
import { SchemaEntry } from './import-schema';
import { MAX_BATCH_ROWS } from './batch-rows';
import { importSummary } from './import-summary';
import { prepareTable, PreparedTable, TableDefaults } from './import-table';
import { UploadSession } from './upload-session';

export interface SpoolContext {
  readonly engine: StorageEngine;
  readonly format: FileImportFormat;
  readonly params: ImportParams;
  readonly table: string;
  readonly schema: readonly SchemaEntry[];
  /** What a table the upload creates takes from the configuration (`cairo.wal.enabled.default`). */
  readonly defaults: TableDefaults;
  readonly analysis: Omit<AnalysisOptions, 'table' | 'delimiter' | 'forceHeader' | 'knownNames'>;
  readonly signal: AbortSignal;
  /** The folder the upload is kept in. */
  readonly spoolDir: string;
  /** Called with the rows appended so far (progress lines). */
  readonly onRows?: (rows: number) => void;
}

export class SpooledImportSession implements UploadSession {
  private readonly path: string;
  private handle: Promise<FileHandle> | undefined;
  private file: ImportFile | undefined;
  private prepared: PreparedTable | undefined;

  constructor(private readonly ctx: SpoolContext) {
    this.path = join(ctx.spoolDir, `upload-${randomBytes(8).toString('hex')}.${ctx.format.name}`);
  }

  async write(chunk: Buffer): Promise<void> {
    this.handle ??= mkdir(this.ctx.spoolDir, { recursive: true }).then(() => open(this.path, 'w'));
    const fh = await this.handle;
    await fh.write(chunk);
  }

  async end(): Promise<void> {
    const { ctx } = this;
    if (!this.handle) this.handle = mkdir(ctx.spoolDir, { recursive: true }).then(() => open(this.path, 'w'));
    await (await this.handle).close();
    this.handle = undefined;
    const file = await ctx.format.openFile(this.path, {
      ...ctx.analysis, table: ctx.table, delimiter: undefined, forceHeader: true, knownNames: undefined, signal: ctx.signal,
    });
    this.file = file;
    const prepared = await prepareTable(ctx.engine, ctx.table, file.structure, ctx.schema, ctx.params, ctx.defaults, ctx.signal);
    this.prepared = prepared;
    const batches = file.read({
      delimiter: 0, header: true, fieldCount: file.structure.columns.length, columns: prepared.columns,
      timestampIndex: prepared.schema.timestampIndex, atomicity: ctx.params.atomicity, skipLev: ctx.params.skipLev,
      // A file format reads pieces of its own size (Parquet: batches of at most 65,536 rows and ~8 MiB); lines do not apply.
      batchRows: MAX_BATCH_ROWS, maxLineBytes: Number.MAX_SAFE_INTEGER, table: prepared.schema.name,
      fieldNames: file.structure.columns.map((c) => c.sourceName ?? c.name),
    }, ctx.signal);
    for await (const batch of batches) {
      ctx.signal.throwIfAborted();
      await prepared.writer.append(batch);
      ctx.onRows?.(file.rowsImported);
    }
  }

  async commit(): Promise<ImportResult> {
    const { prepared, file } = this;
    if (!prepared || !file) throw new Error('commit before the upload ended');
    await prepared.writer.commit();
    return importSummary(prepared, file, true);
  }

  async close(): Promise<void> {
    this.file?.close();
    const writer = this.prepared?.writer;
    this.prepared = undefined;
    try {
      if (this.handle) await (await this.handle).close().catch(() => undefined);
      await writer?.close();
    } finally {
      await rm(this.path, { force: true });
    }
  }
}
