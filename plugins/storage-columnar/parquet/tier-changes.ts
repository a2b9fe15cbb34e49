/**
 * Tier changes after each `_txn` swap that moves, drops or rewrites a Parquet partition: listeners
 * (PartitionTiers.onTierChange: an open table layout's metadata) are told, and a cold store is told
 * which objects the engine no longer references. A listener that throws is logged and never undoes the
 * committed change.
 */
import { ColdPartitionStore, ParquetPartitionLocation, PartitionTierChange } from '../../../core/extension/partition-bytes';
import { Log } from '../../../core/log/log';

export class TierChanges {
  private readonly listeners = new Set<(change: PartitionTierChange) => void>();

  constructor(private readonly coldStore: () => ColdPartitionStore | undefined = () => undefined, private readonly log?: Log) {}

  on(listener: (change: PartitionTierChange) => void): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  /** `released`: a cold object the change stopped referencing. */
  emit(change: PartitionTierChange, released?: ParquetPartitionLocation): void {
    for (const l of this.listeners) {
      try {
        l(change);
      } catch (e) {
        this.log?.error(`a partition tier listener failed [table=${change.table}, partition=${change.partition}, error=${e instanceof Error ? e.message : String(e)}]`);
      }
    }
    if (released) this.release(released);
  }

  release(location: ParquetPartitionLocation): void {
    const store = this.coldStore();
    store?.release?.(location).catch((e: unknown) => {
      this.log?.error(`could not release a cold partition object [table=${location.table}, partition=${location.partition}, error=${e instanceof Error ? e.message : String(e)}]`);
    });
  }
}
