/**
 * The engine's partition operations that change tiers or drop partitions, and its PartitionTiers face for
 * tier plugins (core/extension/partition-bytes.ts). Every `_txn` change here happens holding the table's
 * writer lock, for the swap only; encoding runs before it (tier-switch.ts).
 */
import { join } from 'node:path';
import {
  ByteSource, ColdReference, ParquetPartitionLocation, PartitionTierChange, PartitionTiers,
} from '../../../core/extension/partition-bytes';
import { SvcError } from '../../../core/errors';
import { TableState } from '../table-state';
import { TXN_FILE, TxnState, writeTxn } from '../txn-state';
import { FileByteSource } from './byte-sources';
import { partitionNamed, switchTier, TargetTier, TierEnv, tierOf } from './tier-switch';

export class EngineTiers implements PartitionTiers {
  constructor(private readonly env: TierEnv, private readonly table: (name: string) => TableState) {}

  /** Converts the named partitions one at a time (each its own `_txn` swap); returns how many changed tier. */
  async convert(table: string, names: readonly string[], to: TargetTier, signal?: AbortSignal): Promise<number> {
    const state = this.table(table);
    let converted = 0;
    for (const name of names) {
      if (await switchTier(this.env, state, name, to, 'wait', signal) === 'converted') converted++;
    }
    return converted;
  }

  /** Removes the named partitions in one `_txn` swap; their folders go once no reader holds them. */
  async drop(table: string, names: readonly string[]): Promise<void> {
    const state = this.table(table);
    await state.acquire(this.env.writerTimeoutMs);
    try {
      const gone = state.txn.partitions.filter((p) => names.includes(p.name));
      for (const name of names) {
        if (!partitionNamed(state.txn, name)) throw SvcError.badRequest(`could not remove partition [table=${state.meta.name}, partition=${name}]`);
      }
      const next: TxnState = { txn: state.txn.txn + 1, partitions: state.txn.partitions.filter((p) => !gone.includes(p)), symbols: state.txn.symbols };
      writeTxn(join(state.dir, TXN_FILE), next, this.env.mode);
      state.txn = next;
      state.retire(next.txn, gone.map((p) => join(state.dir, p.dir)));
      for (const p of gone) if (p.parquet) this.removed(state, p);
    } finally {
      state.release();
    }
  }

  /** A dropped, truncated or rewritten Parquet/cold partition: listeners hear of it, a cold object is released. */
  removed(state: TableState, p: TxnState['partitions'][number]): void {
    const location = this.env.reads.location({ dir: state.dir, meta: state.meta }, p);
    const change: PartitionTierChange = { table: state.meta.name, partition: p.name, before: tierOf(p), after: undefined };
    this.env.changes.emit(change, p.parquet?.cold ? location : undefined);
  }

  parquetPartitions(table: string): readonly ParquetPartitionLocation[] {
    const state = this.table(table);
    return state.txn.partitions.filter((p) => p.parquet).map((p) => this.env.reads.location({ dir: state.dir, meta: state.meta }, p));
  }

  openLocal(location: ParquetPartitionLocation): ByteSource {
    if (!location.path) throw SvcError.badRequest(`the partition has no local copy [table=${location.table}, partition=${location.partition}]`);
    return new FileByteSource(location.path, location.size);
  }

  async markCold(location: ParquetPartitionLocation, remote: ColdReference): Promise<void> {
    const state = this.table(location.table);
    await state.acquire(this.env.writerTimeoutMs);
    try {
      const p = partitionNamed(state.txn, location.partition);
      if (!p || p.dir !== location.dir || !p.parquet || p.parquet.cold) {
        throw new SvcError(`the partition changed since it was read [table=${location.table}, partition=${location.partition}]`, 409);
      }
      if (remote.size !== p.parquet.size) {
        throw new SvcError(`the uploaded object's size differs from the partition file's [table=${location.table}, partition=${location.partition}, size=${remote.size}, expected=${p.parquet.size}]`, 409);
      }
      const after = { ...p, parquet: { ...p.parquet, cold: remote } };
      const next: TxnState = { txn: state.txn.txn + 1, partitions: state.txn.partitions.map((q) => (q === p ? after : q)), symbols: state.txn.symbols };
      writeTxn(join(state.dir, TXN_FILE), next, this.env.mode);
      state.txn = next;
      // The local copy goes once no older reader reads it; newer ones read the store.
      state.retire(next.txn, [join(state.dir, p.dir)]);
      this.env.changes.emit({
        table: state.meta.name, partition: p.name, before: 'parquet', after: 'cold', location: this.env.reads.location({ dir: state.dir, meta: state.meta }, after),
      });
    } finally {
      state.release();
    }
  }

  onTierChange(listener: (change: PartitionTierChange) => void): () => void {
    return this.env.changes.on(listener);
  }
}
