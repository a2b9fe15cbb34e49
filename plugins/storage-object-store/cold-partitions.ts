/**
 * The engine's view of the cold tier (ColdPartitionStore): a cold partition's bytes come from its object
 * through the bounded cache; an object the engine stops using is deleted after the layout stops naming it.
 */
import { ObjectStore } from '../../core/extension/object-store';
import { ByteSource, ColdPartitionStore, ParquetPartitionLocation } from '../../core/extension/partition-bytes';
import { SvcError } from '../../core/errors';
import { BlockCache } from './block-cache';
import { ColdObjectSource, VerifiedObjects } from './cold-object-source';
import { LayoutPublisher } from './layout-publisher';

export class ColdPartitions implements ColdPartitionStore {
  readonly name: string;
  private readonly verified = new VerifiedObjects();

  constructor(private readonly store: ObjectStore, readonly cache: BlockCache, private readonly publisher: LayoutPublisher) {
    this.name = store.location;
  }

  open(location: ParquetPartitionLocation): ByteSource {
    const remote = location.remote;
    if (remote === undefined) {
      throw new SvcError(`partition ${location.partition} of ${location.table} is cold but _txn names no object`, 500);
    }
    return new ColdObjectSource(this.store, this.cache, this.verified, remote);
  }

  release(location: ParquetPartitionLocation): Promise<void> {
    if (location.remote !== undefined) {
      this.verified.forget(location.remote.key);
      this.publisher.release(location.table, location.remote.key);
    }
    return Promise.resolve();
  }
}
