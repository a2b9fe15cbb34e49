/**
 * A writer's transaction in progress: the partitions as they will be once it is
 * published, already on disk but referenced by no `_txn`. Rows past maxUncommittedRows land here, so
 * memory stays bounded while nothing becomes visible: readers keep reading the committed `_txn`, whose
 * sizes end before any staged byte. New partition versions are new folders; in-order rows are appended
 * to a committed partition's files past their committed sizes. Rollback deletes the new folders and cuts
 * the appended bytes; after a crash, start-up recovery does the same.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { truncatePartition } from './recovery';
import { TableState } from './table-state';
import { PartitionState } from './txn-state';

/** What one staging step changed; applied only when the whole step succeeded. */
export interface StagedStep {
  readonly partitions: PartitionState[];
  /**
   * Folders the step replaced by new versions: the transaction's own are deleted at once (nothing refers
   * to them), committed ones once publication has happened and no reader uses them any more.
   */
  readonly superseded: readonly string[];
  readonly rows: number;
  readonly physicallyWritten: number;
  readonly outOfOrder: boolean;
}

export class StagedTxn {
  partitions: PartitionState[];
  /** Rows appended into this transaction so far (before deduplication). */
  rows = 0;
  physicallyWritten = 0;
  outOfOrder = false;
  /** Something to publish: rows staged or the table truncated. */
  changed = false;
  /** Committed folders that publication retires. */
  readonly replaced: string[] = [];
  private readonly created = new Set<string>();
  /** Committed partitions whose files got rows past their committed sizes. */
  private readonly grown = new Set<string>();
  /**
   * Names of Parquet partitions this transaction rewrote in native form (to merge or append into them, or
   * an UPDATE's truncate): the commit encodes them back to Parquet, so a partition keeps its tier.
   */
  readonly keepParquet = new Set<string>();

  constructor(private readonly state: TableState) {
    this.partitions = [...state.txn.partitions];
  }

  /** True for a partition exactly as committed (same folder, same rows): its files may be cached. */
  isCommitted(p: PartitionState): boolean {
    return this.state.txn.partitions.includes(p);
  }

  /** Creates a folder for a new partition version, named `<partition>.<next txn>` (plus `-<k>` if taken). */
  newFolder(partition: string): string {
    const txn = this.state.txn.txn + 1;
    let name = `${partition}.${txn}`;
    for (let k = 1; this.created.has(name) || existsSync(join(this.state.dir, name)); k++) name = `${partition}.${txn}-${k}`;
    mkdirSync(join(this.state.dir, name));
    this.created.add(name);
    return name;
  }

  apply(step: StagedStep): void {
    for (const p of step.partitions) if (!this.created.has(p.dir) && !this.isCommitted(p)) this.grown.add(p.dir);
    this.partitions = step.partitions;
    for (const dir of step.superseded) {
      if (this.created.has(dir)) this.removeCreated(dir);
      else this.replaced.push(join(this.state.dir, dir));
    }
    this.rows += step.rows;
    this.physicallyWritten += step.physicallyWritten;
    this.outOfOrder ||= step.outOfOrder;
    this.changed = true;
  }

  /**
   * A column was added while the transaction is open (line protocol meeting a new name): the committed
   * `_txn` already gave its partitions the column's top; staged partitions get theirs here, so the column
   * reads null in the rows staged before it existed. `before` is the committed list before the change.
   */
  columnAdded(columnId: number, before: readonly PartitionState[]): void {
    const committed = this.state.txn.partitions;
    this.partitions = this.partitions.map((p) => {
      const i = before.indexOf(p);
      return i >= 0 ? committed[i] : { ...p, tops: { ...p.tops, [columnId]: p.rows } };
    });
  }

  /** The transaction removes every committed row (and every row it staged so far). */
  truncate(): void {
    for (const p of this.partitions) {
      if (p.parquet) this.keepParquet.add(p.name);
      if (this.created.has(p.dir)) this.removeCreated(p.dir);
      else this.replaced.push(join(this.state.dir, p.dir));
    }
    this.partitions = [];
    this.changed = true;
  }

  /** True for a folder this transaction created (nothing committed refers to it). */
  isCreated(dir: string): boolean {
    return this.created.has(dir);
  }

  /** Rollback: new folders are deleted and bytes appended to committed partitions are cut off. */
  discard(): void {
    for (const dir of [...this.created]) this.removeCreated(dir);
    for (const p of this.state.txn.partitions) {
      if (this.grown.has(p.dir)) truncatePartition(this.state.dir, p, this.state.meta.columns);
    }
  }

  private removeCreated(dir: string): void {
    rmSync(join(this.state.dir, dir), { recursive: true, force: true });
    this.created.delete(dir);
  }
}
