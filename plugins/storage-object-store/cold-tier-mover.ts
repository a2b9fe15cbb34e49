/**
 * Moves Parquet partitions past `cold.after` to the store, one at a time in the background: upload
 * (verified: size and MD5), then the engine's atomic `_txn` switch to `cold` (which drops the local file
 * once no reader holds it), then the table layout's publish. A crash or SIGKILL before the switch leaves
 * the partition `parquet` with its local file; the next pass uploads the same key again.
 */
import { existsSync, statSync } from 'node:fs';
import { TableSchema } from '../../core/data/table-schema';
import { SvcError } from '../../core/errors';
import { Lifecycle } from '../../core/extension/lifecycle';
import { ObjectStore } from '../../core/extension/object-store';
import { ParquetPartitionLocation, PartitionTiers } from '../../core/extension/partition-bytes';
import { StorageEngine } from '../../core/extension/storage-engine';
import { TableFormat } from '../../core/extension/table-format';
import { Log } from '../../core/log/log';
import { MoverStats } from './cold-tier-metrics';
import { LayoutPublisher, messageOf } from './layout-publisher';

export interface MoverOptions {
  /** Partitions whose newest row is older than this (before the table's newest row, or now if earlier) go cold; 0 = never. */
  readonly coldAfterMs: number;
  readonly checkIntervalMs: number;
  readonly now: () => number;
}

export class ColdTierMover implements Lifecycle {
  readonly name = 'cold-tier';
  private timer: NodeJS.Timeout | undefined;
  private readonly abort = new AbortController();
  private unsubscribe: (() => void) | undefined;
  private passes = 0;
  readonly stats: MoverStats = { uploads: 0, uploadedBytes: 0, failures: 0 };

  constructor(
    private readonly store: ObjectStore,
    private readonly engine: StorageEngine,
    private readonly tiers: PartitionTiers,
    private readonly format: () => TableFormat | undefined,
    private readonly publisher: LayoutPublisher,
    private readonly options: MoverOptions,
    private readonly log: Log,
    private readonly onStart: () => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    this.onStart();
    this.unsubscribe = this.tiers.onTierChange((c) => {
      if (c.before === 'cold' || c.after === 'cold') this.publisher.schedule(c.table);
    });
    // A crash between a `_txn` switch and its publish left the layout one step behind: catch up.
    for (const t of this.engine.listTables()) {
      if (this.coldOf(t.name).length > 0) this.publisher.schedule(t.name);
    }
    if (this.options.coldAfterMs > 0) this.arm();
    this.log.advisory(`cold tier on ${this.store.location}${layoutName(this.format())}, `
      + `partitions go cold ${this.options.coldAfterMs > 0 ? `${this.options.coldAfterMs} ms after their newest row` : 'never (cold.after=0)'}`);
  }

  async stop(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.abort.abort();
    this.unsubscribe?.();
    await this.publisher.idle();
    this.store.close();
  }

  /** Passes completed since start (tests wait on it). */
  get completedPasses(): number {
    return this.passes;
  }

  private arm(): void {
    this.timer = setTimeout(() => {
      void this.publisher.enqueue(() => this.pass()).finally(() => {
        this.passes++;
        if (!this.abort.signal.aborted) this.arm();
      });
    }, this.passes === 0 ? Math.min(1000, this.options.checkIntervalMs) : this.options.checkIntervalMs);
    this.timer.unref();
  }

  private coldOf(table: string): ParquetPartitionLocation[] {
    try {
      return this.tiers.parquetPartitions(table).filter((p) => p.tier === 'cold');
    } catch {
      return [];
    }
  }

  /** One look over every table; moves each due partition in turn. Store failures are logged, not thrown. */
  async pass(): Promise<void> {
    const nowMicros = this.options.now() * 1000;
    for (const table of this.engine.listTables()) {
      if (this.abort.signal.aborted) return;
      let due: ParquetPartitionLocation[];
      try {
        // Age counts back from the table's newest row, never from later than now (as conversion by age does).
        const cutoffMicros = Math.min(nowMicros, this.newestRow(table.name)) - this.options.coldAfterMs * 1000;
        due = this.tiers.parquetPartitions(table.name).filter((p) => p.tier === 'parquet' && p.maxTimestamp < cutoffMicros);
      } catch {
        continue; // dropped meanwhile
      }
      for (const location of due) {
        if (this.abort.signal.aborted) return;
        try {
          await this.move(table, location);
        } catch (err) {
          this.stats.failures++;
          this.log.error(`could not move ${table.name} partition ${location.partition} to ${this.store.location}: ${messageOf(err)}`);
          return; // the store is likely down: try again next pass
        }
      }
    }
  }

  private newestRow(table: string): number {
    const reader = this.engine.openReader(table);
    try {
      let newest = -Infinity;
      for (const p of reader.partitions) if (p.rowCount > 0) newest = Math.max(newest, p.maxTimestamp);
      return newest;
    } finally {
      reader.close();
    }
  }

  /** Uploads one partition, switches `_txn`, publishes the layout. */
  async move(table: TableSchema, location: ParquetPartitionLocation): Promise<void> {
    const path = location.path;
    if (path === undefined || !existsSync(path)) return; // rewritten or dropped meanwhile: a later pass sees the new state
    const localSize = statSync(path).size;
    if (localSize !== location.size) {
      throw new SvcError(`local Parquet file of ${table.name} partition ${location.partition} has ${localSize} bytes, _txn recorded ${location.size}`, 500);
    }
    const key = this.format()?.dataKey(table, location) ?? `${table.name}/${location.partition}/${location.dir}.parquet`;
    const started = Date.now();
    const info = await this.store.uploadFile(key, path, this.abort.signal);
    try {
      await this.tiers.markCold(location, { key, size: info.size, checksum: `etag:${info.etag}` });
    } catch (err) {
      if (err instanceof SvcError && err.statusCode === 409) {
        await this.store.delete(key).catch(() => undefined);
        return; // the partition changed meanwhile; a later pass moves its new version
      }
      throw err;
    }
    this.stats.uploads++;
    this.stats.uploadedBytes += info.size;
    this.log.info(`moved ${table.name} partition ${location.partition} to ${this.store.location}/${key} `
      + `[bytes=${info.size}, rows=${location.rows}, ms=${Date.now() - started}]`);
    await this.publisher.publishNow(table.name);
  }
}

function layoutName(format: TableFormat | undefined): string {
  return format === undefined ? '' : ` (${format.name} layout)`;
}
