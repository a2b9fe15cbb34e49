/**
 * Keeps the open table layout on the store in step with `_txn`: after each committed tier change it
 * publishes the table's cold partitions through the TableFormat, then deletes the objects no partition
 * uses any more (deleted only after the metadata stopped naming them, so an external reader never follows
 * the current snapshot to a missing file). All store work of the cold tier runs through one queue.
 */
import { TableSchema } from '../../core/data/table-schema';
import { ObjectStore } from '../../core/extension/object-store';
import { PartitionTiers } from '../../core/extension/partition-bytes';
import { StorageEngine } from '../../core/extension/storage-engine';
import { TableFormat } from '../../core/extension/table-format';
import { Log } from '../../core/log/log';

export class LayoutPublisher {
  private chain: Promise<void> = Promise.resolve();
  private readonly schemas = new Map<string, TableSchema>();
  private readonly releasedKeys = new Map<string, string[]>();
  private readonly scheduled = new Set<string>();

  constructor(
    private readonly store: ObjectStore,
    private readonly engine: StorageEngine,
    private readonly tiers: PartitionTiers,
    /** Resolved when used: the table format plugin registers after this one. */
    private readonly format: () => TableFormat | undefined,
    private readonly log: Log,
  ) {}

  /** Runs `work` after everything queued before it; the returned promise settles with it. */
  enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work);
    this.chain = run.then(() => undefined, () => undefined);
    return run;
  }

  /** Waits for the queued work (at shutdown). */
  idle(): Promise<void> {
    return this.chain;
  }

  /** An object the table no longer uses: deleted after the table's next publish. */
  release(table: string, key: string): void {
    const list = this.releasedKeys.get(table.toLowerCase()) ?? [];
    list.push(key);
    this.releasedKeys.set(table.toLowerCase(), list);
    this.schedule(table);
  }

  /** Queues one publish of the table (several requests before it runs make one). */
  schedule(table: string): void {
    const id = table.toLowerCase();
    if (this.scheduled.has(id)) return;
    this.scheduled.add(id);
    void this.enqueue(async () => {
      this.scheduled.delete(id);
      await this.publishNow(table);
    }).catch((err: unknown) => this.log.error(`could not publish the layout of ${table} to ${this.store.location}: ${messageOf(err)}`));
  }

  /** Publishes the table's cold partitions now (call inside the queue), then deletes its released objects. */
  async publishNow(table: string): Promise<void> {
    const id = table.toLowerCase();
    const schema = this.engine.getTable(table) ?? this.schemas.get(id);
    if (schema !== undefined) this.schemas.set(id, schema);
    const format = this.format();
    if (format !== undefined && schema !== undefined) {
      const files = this.engine.getTable(table) === undefined ? [] : this.tiers.parquetPartitions(table).filter((p) => p.tier === 'cold');
      await format.publish(schema, files);
    }
    const keys = this.releasedKeys.get(id) ?? [];
    this.releasedKeys.delete(id);
    for (const key of keys) {
      await this.store.delete(key).catch((err: unknown) => this.log.error(`could not delete ${this.store.location}/${key}: ${messageOf(err)}`));
    }
  }
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
