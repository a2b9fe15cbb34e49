/**
 * One table's live state inside the engine: the committed `_meta` and `_txn`, the symbol dictionaries,
 * the single-writer lock with its bounded wait queue, and the readers' snapshots, which decide when
 * folders replaced by an out-of-order rewrite or a truncate can be deleted.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { TypeTag } from '../../core/data/column-type';
import { TableSchema } from '../../core/data/table-schema';
import { SvcError } from '../../core/errors';
import { ColumnCache } from './column-cache';
import { SymbolDictionary } from './symbol-dictionary';
import { TableMeta, toSchema } from './table-meta';
import { TxnState } from './txn-state';

interface Garbage { readonly beforeTxn: number; readonly paths: readonly string[]; readonly then?: () => void }

export class TableState {
  schema: TableSchema;
  readonly dictionaries = new Map<number, SymbolDictionary>();
  private writerHeld = false;
  private readonly waiters: (() => void)[] = [];
  private readonly readerTxns = new Map<number, number>();
  private garbage: Garbage[] = [];
  dropped = false;
  /** Told after a writer's commit replaced `_txn` (the Parquet tier follows rewritten Parquet partitions). */
  onPublish: ((before: TxnState, after: TxnState) => void) | undefined;

  constructor(public meta: TableMeta, public txn: TxnState, readonly dir: string, private readonly cache: ColumnCache) {
    this.schema = toSchema(meta);
    for (const c of meta.columns) {
      if (c.type.tag !== TypeTag.SYMBOL) continue;
      const s = txn.symbols[c.id];
      this.dictionaries.set(c.id, SymbolDictionary.load(join(dir, `${c.file}.sym`), s?.count ?? 0, s?.bytes ?? 0));
    }
  }

  /** A new SYMBOL column's empty dictionary. */
  addDictionary(columnId: number): void {
    this.dictionaries.set(columnId, new SymbolDictionary());
  }

  setMeta(meta: TableMeta): void {
    this.meta = meta;
    this.schema = toSchema(meta);
  }

  /** Takes the writer lock, waiting up to `timeoutMs`; then "table busy". */
  async acquire(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.writerHeld) {
      if (this.dropped) throw new SvcError(`table does not exist [table=${this.meta.name}]`, 400);
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) {
        throw new SvcError(`table busy [table=${this.meta.name}, reason=another writer holds the table]`, 409);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        const onAbort = (): void => done();
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiters.push(done);
        function done(): void {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }
      });
    }
    if (this.dropped) throw new SvcError(`table does not exist [table=${this.meta.name}]`, 400);
    this.writerHeld = true;
  }

  release(): void {
    this.writerHeld = false;
    const next = this.waiters.splice(0);
    for (const w of next) w();
  }

  get isWriterHeld(): boolean {
    return this.writerHeld;
  }

  openSnapshot(): TxnState {
    this.readerTxns.set(this.txn.txn, (this.readerTxns.get(this.txn.txn) ?? 0) + 1);
    return this.txn;
  }

  closeSnapshot(txn: number): void {
    const n = (this.readerTxns.get(txn) ?? 1) - 1;
    if (n <= 0) this.readerTxns.delete(txn);
    else this.readerTxns.set(txn, n);
    this.collect();
  }

  /** Paths no longer referenced from the txn being committed (`txn`); deleted when no older reader remains. */
  retire(txn: number, paths: readonly string[]): void {
    if (paths.length === 0) return;
    this.garbage.push({ beforeTxn: txn, paths });
    this.collect();
  }

  /** Runs `action` once no reader older than `txn` remains (a cold object released after the swap that dropped it). */
  retireAction(txn: number, action: () => void): void {
    this.garbage.push({ beforeTxn: txn, paths: [], then: action });
    this.collect();
  }

  get hasReaders(): boolean {
    return this.readerTxns.size > 0;
  }

  collect(): void {
    if (this.garbage.length === 0) return;
    let oldest = Number.POSITIVE_INFINITY;
    for (const t of this.readerTxns.keys()) oldest = Math.min(oldest, t);
    const keep: Garbage[] = [];
    for (const g of this.garbage) {
      if (oldest < g.beforeTxn) { keep.push(g); continue; }
      for (const p of g.paths) {
        this.cache.invalidate(p);
        rmSync(p, { recursive: true, force: true });
      }
      g.then?.();
    }
    this.garbage = keep;
  }
}
