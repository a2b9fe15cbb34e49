/**
 * One upload streaming into one table. Chunks are held only until the first
 * `http.text.analysis.max.lines` lines have arrived (or 8 MiB, or the end): then the structure is
 * analysed, the table prepared and the writer opened, and from there every chunk is parsed and its full
 * batches appended at once — memory stays at the sample plus a batch or two. Nothing is committed before
 * `commit()`: the writer stages rows past maxUncommittedRows on disk unseen, and `close()` without a
 * commit (an error, `atomicity=abort`, a client gone) rolls all of them back. The request is one transaction.
 */
import { ImportParser, StreamImportFormat, TextStructure } from '../../core/extension/import-format';
import { StorageEngine } from '../../core/extension/storage-engine';
import { batchRowsFor } from './batch-rows';
import { ImportParams } from './import-params';
import { ImportResult } from './import-result';
import { SchemaEntry } from './import-schema';
import { importSummary } from './import-summary';
import { prepareTable, PreparedTable, TableDefaults } from './import-table';

/**
 * Analysis starts at 8 MiB of sample if two lines are complete by then (or half the session's memory), and
 * at the session's memory limit in any case.
 */
const SAMPLE_LIMIT = 8 << 20;

export interface SessionContext {
  readonly engine: StorageEngine;
  readonly format: StreamImportFormat;
  readonly params: ImportParams;
  readonly table: string;
  readonly schema: readonly SchemaEntry[];
  /** What a table the upload creates takes from the configuration (`cairo.wal.enabled.default`). */
  readonly defaults: TableDefaults;
  readonly maxLines: number;
  readonly maxDelimiterStdDev: number;
  readonly maxLineLengthStdDev: number;
  readonly signal: AbortSignal;
  /** Worker threads for uploads larger than the sample (`http.import.parse.workers`; 0 = none). */
  readonly parseWorkers: number;
  /** `http.import.session.memory.limit`: bounds the sample and the batches (batch-rows.ts). */
  readonly memoryLimit: number;
  /** `http.text.roll.buffer.limit`: the longest line accepted. */
  readonly maxLineBytes: number;
}

export class ImportSession {
  private sample: Buffer[] = [];
  private sampleBytes = 0;
  private newlines = 0;
  private structure: TextStructure | undefined;
  private prepared: PreparedTable | undefined;
  private parser: ImportParser | undefined;

  constructor(private readonly ctx: SessionContext) {}

  async write(chunk: Buffer): Promise<void> {
    if (this.parser) {
      await this.parser.push(chunk);
      await this.drain();
      return;
    }
    this.sample.push(chunk);
    this.sampleBytes += chunk.length;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) this.newlines++;
    const memory = this.ctx.memoryLimit;
    if (this.newlines > this.ctx.maxLines + 1 || (this.sampleBytes >= Math.min(SAMPLE_LIMIT, memory / 2) && this.newlines >= 2)
      || this.sampleBytes >= memory) await this.start(false);
  }

  /** The upload ended: parse the tail and append the last batch. */
  async end(): Promise<void> {
    if (!this.parser) await this.start(true);
    await this.parser?.finish();
    await this.drain();
  }

  /** Commits and describes what was imported. */
  async commit(): Promise<ImportResult> {
    const { prepared, parser, structure } = this;
    if (!prepared || !parser || !structure) throw new Error('commit before the upload ended');
    await prepared.writer.commit();
    return importSummary(prepared, parser, structure.header);
  }

  /** Releases the writer; anything not committed is rolled back. */
  async close(): Promise<void> {
    this.parser?.close();
    const writer = this.prepared?.writer;
    this.prepared = undefined;
    await writer?.close();
  }

  private async start(whole: boolean): Promise<void> {
    const { ctx } = this;
    const sample = Buffer.concat(this.sample);
    this.sample = [];
    const body = sample.length >= 3 && sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf ? sample.subarray(3) : sample;
    const existing = ctx.params.overwrite ? undefined : ctx.engine.getTable(ctx.table);
    const knownNames = existing ? existing.columns.map((c) => c.name) : ctx.schema.map((e) => e.name);
    const structure = ctx.format.analyse(body, whole, {
      table: ctx.table,
      delimiter: ctx.params.delimiter,
      forceHeader: ctx.params.forceHeader,
      maxLines: ctx.maxLines,
      maxDelimiterStdDev: ctx.maxDelimiterStdDev,
      maxLineLengthStdDev: ctx.maxLineLengthStdDev,
      knownNames,
    });
    this.structure = structure;
    const prepared = await prepareTable(ctx.engine, ctx.table, structure, ctx.schema, ctx.params, ctx.defaults, ctx.signal);
    this.prepared = prepared;
    this.parser = ctx.format.createParser({
      delimiter: structure.delimiter,
      header: structure.header,
      fieldCount: structure.columns.length,
      columns: prepared.columns,
      timestampIndex: prepared.schema.timestampIndex,
      atomicity: ctx.params.atomicity,
      skipLev: ctx.params.skipLev,
      batchRows: batchRowsFor(prepared.columns.map((c) => c.type), ctx.memoryLimit),
      maxLineBytes: ctx.maxLineBytes,
      table: prepared.schema.name,
      fieldNames: structure.columns.map((c) => c.sourceName ?? c.name),
    }, { workers: whole ? 0 : ctx.parseWorkers });
    await this.parser.push(sample);
    await this.drain();
  }

  private async drain(): Promise<void> {
    const { parser, prepared } = this;
    if (!parser || !prepared) return;
    for (const batch of parser.takeReady()) await prepared.writer.append(batch);
  }
}
