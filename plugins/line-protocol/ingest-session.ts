/**
 * One transaction of line protocol: an HTTP request, or one commit interval of a TCP connection. Bytes go in
 * through `feed` and are parsed into TableBlocks at once; `write` plans them (tables to create, columns to add,
 * every value converted: a bad line throws its LineError before anything changes), then creates and alters
 * tables and appends the rows to one TableWriter per table, which the session keeps; `commit` publishes all
 * tables through `StorageEngine.commitTogether`, so the transaction's rows appear in every table or in none.
 * Writers are taken in table-name order, so two sessions never wait for each other in a circle.
 */
import { findColumn } from '../../core/data/table-schema';
import { ColumnBatch } from '../../core/data/column-batch';
import { sameType, TypeTag } from '../../core/data/column-type';
import { Vector } from '../../core/data/vector';
import { SymbolTable } from '../../core/data/symbol-table';
import { StorageEngine, TableWriter } from '../../core/extension/storage-engine';
import { isSvcError } from '../../core/errors';
import { BlockSet } from './block-set';
import { LineError, LineMessages } from './line-error';
import { LineParser } from './line-parser';
import { LineReader } from './line-reader';
import { nullVector } from './null-vector';
import { planBlocks, PlanRules, PreparedBlock, TablePlan } from './table-plan';
import { TimeUnit } from './time-unit';

export interface SessionLimits {
  /** Longest line, and the key that sets it (named in the 413 message). */
  readonly maxLineBytes: number;
  readonly maxLineKey: string;
  /** Distinct tables one transaction may touch. */
  readonly maxTables: number;
  /** How long to wait for a table's writer. */
  readonly writerTimeoutMs: number;
}

export class IngestSession {
  readonly blocks: BlockSet;
  private readonly reader: LineReader;
  private readonly writers = new Map<string, TableWriter>();
  /** Rows appended to writers, not yet committed. */
  private appended = 0;

  constructor(private readonly engine: StorageEngine, private readonly rules: PlanRules, private readonly limits: SessionLimits,
    precision: TimeUnit, now: () => number) {
    this.blocks = new BlockSet(limits.maxTables);
    this.reader = new LineReader(new LineParser(this.blocks, { precision, now }), limits.maxLineBytes, limits.maxLineKey);
  }

  /** Parses the bytes; a bad line is remembered in `error` and the rest of the input is ignored. */
  feed(chunk: Uint8Array): void {
    this.reader.feed(chunk);
  }

  /** The input ended (a last line may lack its line end). */
  end(): void {
    this.reader.end();
  }

  get error(): LineError | undefined {
    return this.reader.error;
  }

  /** Measurements parsed so far. */
  get lines(): number {
    return this.reader.lines;
  }

  /** Bytes of parsed rows held in memory. */
  get bufferedBytes(): number {
    return this.blocks.byteSize + this.reader.pendingBytes;
  }

  /** Bytes of an unfinished line at the end of the input. */
  get pendingLineBytes(): number {
    return this.reader.pendingBytes;
  }

  /** Rows parsed and not yet appended. */
  get bufferedRows(): number {
    return this.blocks.rowCount;
  }

  /**
   * Creates tables, adds columns and appends every parsed row to the writers (uncommitted). Throws the
   * LineError of the first bad line (nothing changed then), or a SvcError from storage.
   */
  async write(signal?: AbortSignal): Promise<void> {
    const { plans, error } = planBlocks(this.blocks.blocks, (name) => this.engine.getTable(name), this.rules);
    if (error !== undefined) throw error;
    plans.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const plan of plans) await this.writePlan(plan, signal);
    this.blocks.clear();
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

  /** Discards everything parsed or appended and releases the writers. */
  async rollback(): Promise<void> {
    this.blocks.clear();
    await this.release();
  }

  /** Keeps only the rows of lines before `line` (TCP commits what came before a bad line). */
  truncateBefore(line: number): void {
    for (const block of this.blocks.blocks) {
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
      writer = await this.engine.openWriter(plan.name, { timeoutMs: this.limits.writerTimeoutMs, signal });
      this.writers.set(plan.key, writer);
    }
    for (const c of plan.columns) {
      if (findColumn(writer.schema, c.name) < 0) await writer.addColumn(c);
    }
    for (const prepared of plan.prepared) {
      await writer.append(this.batch(plan, prepared, writer));
      this.appended += prepared.rows;
    }
  }

  /** A block's vectors in the writer's column order: nulls where it had none, keys of the writer's dictionaries. */
  private batch(plan: TablePlan, prepared: PreparedBlock, writer: TableWriter): ColumnBatch {
    const schema = writer.schema;
    const vectors = schema.columns.map((col, wi): Vector => {
      if (wi === schema.timestampIndex) return { type: col.type, data: prepared.timestamps };
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
