/**
 * One transaction of line protocol: an HTTP request, or one commit interval of a TCP connection. Bytes go in
 * through `feed` and are parsed into TableBlocks by the session's BlockSource (here, or on a parse worker);
 * `write` takes the parsed blocks and plans them (tables to create, columns to add,
 * every value converted: a bad line throws its LineError before anything changes), then creates and alters
 * tables and appends the rows to one TableWriter per table, which the session keeps; `commit` publishes all
 * tables through `StorageEngine.commitTogether`, so the transaction's rows appear in every table or in none.
 * Writers are taken in table-name order, so two sessions never wait for each other in a circle.
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { sameType, TypeTag } from '../../core/data/column-type';
import { joinNanos } from '../../core/data/nanos-split';
import { Vector } from '../../core/data/vector';
import { SymbolTable } from '../../core/data/symbol-table';
import { StorageEngine, TableWriter } from '../../core/extension/storage-engine';
import { isSvcError } from '../../core/errors';
import { BlockSource } from './block-source';
import { LineError, LineMessages } from './line-error';
import { nullVector } from './null-vector';
import { TableBlock } from './table-block';
import { planBlocks, PlanRules, PreparedBlock, TablePlan } from './table-plan';

export interface SessionOptions {
  /** How long to wait for a table's writer. */
  readonly writerTimeoutMs: number;
  /**
   * TCP: the rows of the lines before a bad line are still written (the caller commits them and closes the
   * connection). HTTP: a bad line rejects the whole request.
   */
  readonly keepRowsBeforeError: boolean;
}

/**
 * Parsed rows (bytes) worth handing to the writers (uncommitted) while more input arrives: a transport appends
 * them as they come, so parsing (a parse worker) and storage (the request thread) overlap.
 */
export const APPEND_BYTES = 2 << 20;

export class IngestSession {
  private readonly writers = new Map<string, TableWriter>();
  /** Blocks taken from the source and not yet written (kept after a refused write, for `truncateBefore`). */
  private ready: TableBlock[] = [];
  /** Rows appended to writers, not yet committed. */
  private appended = 0;

  constructor(private readonly engine: StorageEngine, private readonly rules: PlanRules, private readonly source: BlockSource,
    private readonly options: SessionOptions) {}

  /** Parses the bytes (here or on a parse worker); a promise means: wait before feeding more. */
  feed(chunk: Uint8Array): void | Promise<void> {
    return this.source.feed(chunk);
  }

  /** The input ended (a last line may lack its line end). */
  end(): void {
    this.source.end();
  }

  /** The first line that did not parse, once known. */
  get error(): LineError | undefined {
    return this.source.error;
  }

  /** Bytes of parsed rows held in memory. */
  get bufferedBytes(): number {
    let n = this.source.bufferedBytes;
    for (const b of this.ready) n += b.byteSize;
    return n;
  }

  /** Bytes of an unfinished line at the end of the input. */
  get pendingLineBytes(): number {
    return this.source.pendingLineBytes;
  }

  /** Bytes fed and not parsed yet (a parse worker has them). */
  get unparsedBytes(): number {
    return this.source.unparsedBytes;
  }

  /** Rows parsed and not yet appended. */
  get bufferedRows(): number {
    let n = this.source.bufferedRows;
    for (const b of this.ready) n += b.rows;
    return n;
  }

  /**
   * Creates tables, adds columns and appends every parsed row to the writers (uncommitted). Throws the
   * LineError of the first bad line, whether it did not parse or does not fit its table (nothing changed
   * then), or a SvcError from storage. With `take` false only the rows already taken are written (what is
   * left after `truncateBefore`).
   */
  async write(signal?: AbortSignal, take = true): Promise<void> {
    if (take) this.ready.push(...await this.source.take());
    const { plans, error } = planBlocks(this.ready, (name) => this.engine.getTable(name), this.rules);
    const parseError = this.options.keepRowsBeforeError ? undefined : this.source.error;
    const first = error !== undefined && (parseError === undefined || (error.line ?? 0) < (parseError.line ?? 0)) ? error : parseError;
    if (first !== undefined) throw first;
    plans.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const plan of plans) await this.writePlan(plan, signal);
    this.ready = [];
  }

  /**
   * `write` while the input goes on, when every table and column the parsed rows name exists (so a request that
   * fails later leaves no table or column behind); false, with nothing written, when one would be created.
   */
  async appendToExisting(signal?: AbortSignal): Promise<boolean> {
    this.ready.push(...await this.source.take());
    if (this.ready.some((block) => this.changesSchema(block))) return false;
    await this.write(signal, false);
    return true;
  }

  private changesSchema(block: TableBlock): boolean {
    const table = this.engine.getTable(block.table);
    if (table === undefined) return true;
    const names = new Set(table.columns.map((c) => c.name.toLowerCase()));
    return block.columns.some((c) => c.used && !names.has(c.name.toLowerCase()));
  }

  /** Publishes everything appended; the number of rows committed. The writers are released either way. */
  async commit(): Promise<number> {
    const rows = this.appended;
    try {
      if (this.writers.size > 0) await this.engine.commitTogether([...this.writers.values()]);
    } finally {
      await this.release();
    }
    return rows;
  }

  /** Discards every row taken or appended and releases the writers (the source keeps parsing). */
  async rollback(): Promise<void> {
    this.ready = [];
    await this.release();
  }

  /** Rolls back and ends the source (a finished request, a closed connection). */
  async close(): Promise<void> {
    this.source.close();
    await this.rollback();
  }

  /** Keeps only the rows of lines before `line` among the blocks a refused `write` took. */
  truncateBefore(line: number): void {
    for (const block of this.ready) {
      let keep = 0;
      while (keep < block.rows && block.lines[keep] < line) keep++;
      block.truncate(keep);
    }
  }

  private async release(): Promise<void> {
    const writers = [...this.writers.values()];
    this.writers.clear();
    this.appended = 0;
    for (const w of writers) await w.close();
  }

  private async writePlan(plan: TablePlan, signal: AbortSignal | undefined): Promise<void> {
    let writer = this.writers.get(plan.key);
    if (writer === undefined) {
      if (plan.existing === undefined && this.engine.getTable(plan.name) === undefined) {
        try {
          await this.engine.createTable(plan.createRequest(this.rules));
        } catch (e) {
          // Another session created it meanwhile: its columns are checked below.
          if (!isSvcError(e) || this.engine.getTable(plan.name) === undefined) throw e;
        }
      }
      writer = await this.engine.openWriter(plan.name, { timeoutMs: this.options.writerTimeoutMs, signal });
      this.writers.set(plan.key, writer);
    }
    // The columns the writer lacks, added in one schema change (one metadata write however many there are).
    const present = new Set(writer.schema.columns.map((c) => c.name.toLowerCase()));
    const missing = plan.columns.filter((c) => !present.has(c.name.toLowerCase()));
    if (missing.length > 0) await writer.addColumns(missing);
    for (const prepared of plan.prepared) {
      await writer.append(this.batch(plan, prepared, writer));
      this.appended += prepared.rows;
    }
  }

  /** A block's vectors in the writer's column order: nulls where it had none, keys of the writer's dictionaries. */
  private batch(plan: TablePlan, prepared: PreparedBlock, writer: TableWriter): ColumnBatch {
    const schema = writer.schema;
    const vectors = schema.columns.map((col, wi): Vector => {
      if (wi === schema.timestampIndex) {
        return col.type.tag === TypeTag.TIMESTAMP_NS ? joinNanos(col.type, prepared.timestamps, prepared.subMicros, prepared.rows) : { type: col.type, data: prepared.timestamps };
      }
      const pi = plan.indexOf(col.name);
      const v = pi >= 0 ? prepared.vectors[pi] : undefined;
      if (v === undefined) return nullVector(col.type, prepared.rows);
      if (!sameType(v.type, col.type)) {
        // The table changed under the session (dropped and re-created): reject rather than guess.
        throw new LineError(LineMessages.castError(plan.name, col.name, v.type.tag === TypeTag.SYMBOL ? 'TAG' : 'FIELD', col.type), undefined);
      }
      if (col.type.tag === TypeTag.SYMBOL) return remapSymbols(v, writer.symbolTable(wi));
      return v;
    });
    return { rowCount: prepared.rows, vectors };
  }
}

/** The keys of a block's own dictionary rewritten to the writer's (one intern per distinct value). */
function remapSymbols(v: Vector, dictionary: SymbolTable & { intern(value: string): number }): Vector {
  const local = v.symbols as SymbolTable;
  const map = new Int32Array(local.size);
  for (let k = 0; k < local.size; k++) map[k] = dictionary.intern(local.value(k) ?? '');
  const keys = v.data as Int32Array;
  const out = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    out[i] = k < 0 ? -1 : map[k];
  }
  return { type: v.type, data: out, symbols: dictionary };
}
