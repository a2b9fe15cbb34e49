/**
 * The cold tier on /metrics (when `metrics.enabled=true`): reads served from the local cache or fetched with
 * ranged GETs, the cache's size, and the partitions moved to the store (and the moves that failed).
 */
import { Counter, Gauge, Registry } from 'prom-client';
import { MetricSource } from '../../core/extension/metric-source';
import { BlockCache, CacheStats } from './block-cache';

export interface MoverStats {
  uploads: number;
  uploadedBytes: number;
  failures: number;
}

export class ColdTierMetrics implements MetricSource {
  constructor(private readonly cache: BlockCache, private readonly mover: MoverStats) {}

  register(registry: Registry): void {
    const cache = this.cache;
    const mover = this.mover;
    const counter = (name: string, help: string, value: () => number): void => {
      new Counter({ name, help, registers: [registry], collect(this: Counter): void { this.reset(); this.inc(value()); } });
    };
    const fromCache = (key: keyof CacheStats) => (): number => cache.stats()[key];
    counter('svc_cold_cache_hits_total', 'Cold-partition blocks read from the local cache.', fromCache('hits'));
    counter('svc_cold_cache_misses_total', 'Cold-partition blocks fetched from the store.', fromCache('misses'));
    counter('svc_cold_fetches_total', 'Ranged GETs made to read cold partitions.', fromCache('fetches'));
    counter('svc_cold_fetched_bytes_total', 'Bytes fetched from the store to read cold partitions.', fromCache('fetchedBytes'));
    new Gauge({ name: 'svc_cold_cache_bytes', help: 'Bytes the local cache of cold partitions holds.', registers: [registry],
      collect(this: Gauge): void { this.set(cache.stats().cachedBytes); } });
    counter('svc_cold_uploads_total', 'Partitions uploaded, verified and switched to the cold tier.', () => mover.uploads);
    counter('svc_cold_uploaded_bytes_total', 'Bytes of the partitions moved to the cold tier.', () => mover.uploadedBytes);
    counter('svc_cold_upload_failures_total', 'Moves to the cold tier that failed (the partition stayed local).', () => mover.failures);
  }
}
