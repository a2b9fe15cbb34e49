/**
 * The object-storage cold tier: with `cold.store.bucket` set, registers the S3 ObjectStore, the engine's
 * ColdPartitionStore (cold partitions read back through the bounded block cache) and, when the storage
 * engine offers its tier switch (PartitionTiers), the background mover of partitions past `cold.after`.
 * Without a bucket it registers nothing, and cold partitions (if any) fail their queries clearly.
 */
import { DependencyContainer } from 'tsyringe';
import {
  COLD_AFTER, COLD_CACHE_BLOCK_SIZE, COLD_CACHE_DIR, COLD_CACHE_SIZE, COLD_CHECK_INTERVAL,
} from '../../core/config/cold-keys';
import { ServerConfig } from '../../core/config/server-config';
import { Lifecycle } from '../../core/extension/lifecycle';
import { MetricSource } from '../../core/extension/metric-source';
import { ObjectStore } from '../../core/extension/object-store';
import { ColdPartitionStore, PartitionTiers } from '../../core/extension/partition-bytes';
import { StorageEngine } from '../../core/extension/storage-engine';
import { TableFormat } from '../../core/extension/table-format';
import { LogFactory } from '../../core/log/log';
import { Plugin } from '../../core/plugin';
import { RootDirectory } from '../../core/root-directory';
import { BlockCache } from './block-cache';
import { ColdPartitions } from './cold-partitions';
import { ColdTierMetrics } from './cold-tier-metrics';
import { ColdTierMover } from './cold-tier-mover';
import { LayoutPublisher } from './layout-publisher';
import { S3ObjectStore } from './s3-object-store';
import { s3Settings } from './s3-settings';

export const storageObjectStorePlugin: Plugin = {
  name: 'storage-object-store',
  dependsOn: ['storage-columnar'],
  register(container: DependencyContainer): void {
    const config = container.resolve(ServerConfig);
    const settings = s3Settings(config);
    if (settings === undefined) return;
    const root = container.resolve(RootDirectory);
    const log = container.resolve<LogFactory>(LogFactory).create('cold-tier');
    const store = new S3ObjectStore(settings);
    const cache = new BlockCache(root.resolve(config.get(COLD_CACHE_DIR) ?? 'cold-cache'), config.get(COLD_CACHE_SIZE), config.get(COLD_CACHE_BLOCK_SIZE));
    const engine = container.resolve<StorageEngine>(StorageEngine);
    container.register(ObjectStore, { useValue: store });
    if (!container.isRegistered(PartitionTiers, true)) {
      log.advisory(`cold tier on ${store.location}: the storage engine has no tier switch, nothing moves`);
      return;
    }
    const tiers = container.resolve<PartitionTiers>(PartitionTiers);
    const format = (): TableFormat | undefined => container.isRegistered(TableFormat, true) ? container.resolve<TableFormat>(TableFormat) : undefined;
    const publisher = new LayoutPublisher(store, engine, tiers, format, log);
    container.register(ColdPartitionStore, { useValue: new ColdPartitions(store, cache, publisher) });
    const mover = new ColdTierMover(store, engine, tiers, format, publisher, {
      coldAfterMs: config.get(COLD_AFTER), checkIntervalMs: Math.max(10, config.get(COLD_CHECK_INTERVAL)), now: Date.now,
    }, log, () => cache.reset());
    container.register(Lifecycle, { useValue: mover });
    container.register(MetricSource, { useValue: new ColdTierMetrics(cache, mover.stats) });
  },
};
