/**
 * A session's transaction across statements (PostgreSQL's BEGIN … COMMIT): the writers of the tables
 * it wrote, opened on first use and held until it ends, so its rows stay pending — invisible to every
 * other reader — until `commit()` publishes all tables at once (StorageEngine.commitTogether) or
 * `rollback()` discards them. While it holds a table, other writers of that table wait for it (and get
 * `table busy` after `cairo.writer.acquire.timeout`). Its own statements read their own rows: a table it
 * holds is read through the writer's own reader, when the storage engine offers one.
 */
import { StorageEngine, TableReader, TableWriter } from '../extension/storage-engine';
import { SvcError } from '../errors';
import { TransactionStorage } from './transaction-storage';

export class WriteTransaction {
  private readonly writers = new Map<string, TableWriter>();
  /** The storage its statements see: DDL on a table it holds is refused (it would wait for this transaction). */
  readonly storage: StorageEngine;
  private ended = false;

  constructor(private readonly engine: StorageEngine) {
    this.storage = new TransactionStorage(engine, (table) => this.holds(table));
  }

  /** Tables written so far, in the order first written. */
  get tables(): string[] {
    return [...this.writers.values()].map((w) => w.schema.name);
  }

  holds(table: string): boolean {
    return this.writers.has(table.toLowerCase());
  }

  /** The transaction's writer of `table`, opened (waiting as any writer does) the first time. */
  async writer(table: string, signal?: AbortSignal): Promise<TableWriter> {
    if (this.ended) throw new SvcError('the transaction has ended');
    const key = table.toLowerCase();
    const held = this.writers.get(key);
    if (held) return held;
    const w = await this.engine.openWriter(table, { signal });
    // The transaction may have ended while the writer was awaited (the client left): release it at once.
    if (this.ended) { await w.close(); throw new SvcError('the transaction has ended'); }
    this.writers.set(key, w);
    return w;
  }

  /** A reader of `table` that sees this transaction's rows in it. */
  async reader(table: string): Promise<TableReader> {
    const w = this.writers.get(table.toLowerCase());
    if (!w?.stage || !w.ownReader) return this.engine.openReader(table);
    await w.stage();
    return w.ownReader();
  }

  /** Publishes every table's rows as one transaction; on failure nothing is published and everything is discarded. */
  async commit(): Promise<void> {
    const writers = this.end();
    try {
      if (writers.length > 0) await this.engine.commitTogether(writers);
    } finally {
      await closeAll(writers);
    }
  }

  /** Discards every row the transaction wrote and releases its tables. */
  async rollback(): Promise<void> {
    await closeAll(this.end());
  }

  private end(): TableWriter[] {
    this.ended = true;
    const writers = [...this.writers.values()];
    this.writers.clear();
    return writers;
  }
}

/** Closing a writer rolls back whatever it did not commit. */
async function closeAll(writers: readonly TableWriter[]): Promise<void> {
  const closed = await Promise.allSettled(writers.map((w) => w.close()));
  const failed = closed.find((c): c is PromiseRejectedResult => c.status === 'rejected');
  if (failed) throw failed.reason;
}
