/**
 * The column cache as a writer's own reader sees it (ColumnarTableWriter.ownReader). A committed
 * partition's files at their committed row count come from the shared cache, as every reader's do. A
 * partition the transaction staged — a new folder, or a committed folder with rows appended past its
 * committed size — is read from its files each time and never enters the cache: a rollback can still cut
 * or delete those bytes, and a later commit may give the same folder the same row count with other rows.
 */
import { sep } from 'node:path';
import { Vector } from '../../core/data/vector';
import { ColumnCache } from './column-cache';
import { SymbolPostings } from './symbol-postings';
import { PartitionState } from './txn-state';

export class StagedViewCache extends ColumnCache {
  private readonly committed: ReadonlySet<string>;

  /** `committed`: the table's committed partitions; `tableDir`: the folder every cache key of the table starts with. */
  constructor(private readonly shared: ColumnCache, private readonly tableDir: string, committed: readonly PartitionState[]) {
    super(0);
    this.committed = new Set(committed.map((p) => `${p.dir}|${p.rows}`));
  }

  override get(key: string, version: string, load: (previous?: { vector: Vector; version: string }) => Vector): Vector {
    return this.isCommitted(key, version) ? this.shared.get(key, version, load) : load();
  }

  override postings(key: string, version: string, build: (previous?: { postings: SymbolPostings; version: string }) => SymbolPostings): SymbolPostings {
    return this.isCommitted(key, version) ? this.shared.postings(key, version, build) : build();
  }

  /** Keys are `<table dir>/<partition dir>/<file>[#…]`, versions `<rows>|<top>…` (partition-files.ts, symbol-clusters.ts). */
  private isCommitted(key: string, version: string): boolean {
    const rest = key.slice(this.tableDir.length + 1);
    const dir = rest.slice(0, rest.indexOf(sep));
    return this.committed.has(`${dir}|${version.slice(0, version.indexOf('|'))}`);
  }
}
