/**
 * The columnar storage plugin: registers one engine as the StorageEngine and as a Lifecycle service
 * (start opens and recovers `<root>/db`; stop releases it). Settings come from the `cairo.*` keys.
 */
import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  CAIRO_COLUMN_CACHE_SIZE, CAIRO_COMMIT_MODE, CAIRO_MAX_COLUMNS, CAIRO_MAX_FILE_NAME_LENGTH, CAIRO_MAX_UNCOMMITTED_ROWS, CAIRO_MAX_UNCOMMITTED_BYTES, CAIRO_O3_MAX_LAG,
  CAIRO_ROOT, CAIRO_WRITER_ACQUIRE_TIMEOUT, PARQUET_CONVERT_AFTER, PARQUET_CONVERT_INTERVAL,
} from '../../core/config/server-keys';
import { ColdPartitionStore, PartitionTiers } from '../../core/extension/partition-bytes';
import { MetricSource } from '../../core/extension/metric-source';
import { ParquetMetrics } from './parquet/parquet-metrics';
import { partitionEncodingOf } from './parquet/parquet-settings';
import { Lifecycle } from '../../core/extension/lifecycle';
import { StorageEngine } from '../../core/extension/storage-engine';
import { LogFactory } from '../../core/log/log';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { Plugin } from '../../core/plugin';
import { RootDirectory } from '../../core/root-directory';
import { ColumnarEngine } from './columnar-engine';

export const storageColumnarPlugin: Plugin = {
  name: 'storage-columnar',
  dependsOn: [],
  register(container: DependencyContainer): void {
    const config = container.resolve(ServerConfig);
    const root = container.resolve(RootDirectory);
    const engine = new ColumnarEngine({
      dbDir: root.db(config.get(CAIRO_ROOT)),
      maxUncommittedRows: config.get(CAIRO_MAX_UNCOMMITTED_ROWS),
      maxUncommittedBytes: config.get(CAIRO_MAX_UNCOMMITTED_BYTES),
      // `cairo.o3.max.lag` is a duration in ms; tables keep it in µs.
      o3MaxLagMicros: config.get(CAIRO_O3_MAX_LAG) * 1000,
      commitMode: config.get(CAIRO_COMMIT_MODE),
      cacheBytes: config.get(CAIRO_COLUMN_CACHE_SIZE),
      writerTimeoutMs: config.get(CAIRO_WRITER_ACQUIRE_TIMEOUT),
      maxNameLength: config.get(CAIRO_MAX_FILE_NAME_LENGTH),
      maxColumns: config.get(CAIRO_MAX_COLUMNS),
      metrics: container.resolve(ServerMetrics),
      log: container.resolve<LogFactory>(LogFactory).create('storage-columnar'),
      parquetEncoding: partitionEncodingOf(config),
      // Durations are ms in server.conf; tables keep µs.
      parquetAge: { defaultAfterMicros: config.get(PARQUET_CONVERT_AFTER) * 1000, intervalMs: Math.max(10, config.get(PARQUET_CONVERT_INTERVAL)) },
      // A cold tier plugin registers later in the bundle: resolved when a cold partition is first read.
      coldStore: () => (container.isRegistered(ColdPartitionStore, true) ? container.resolve<ColdPartitionStore>(ColdPartitionStore) : undefined),
    });
    container.register(StorageEngine, { useValue: engine });
    container.register(Lifecycle, { useValue: engine });
    container.register(PartitionTiers, { useValue: engine.tiers });
    container.register(MetricSource, { useValue: new ParquetMetrics(engine.parquet.counters, engine.tiers.conversions) });
  },
};
