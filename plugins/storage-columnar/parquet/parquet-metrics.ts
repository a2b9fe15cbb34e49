/**
 * The Parquet tier's counters on /metrics: bytes and row groups read from Parquet partitions (so an interval
 * query can be seen touching only its row groups), row groups skipped by their statistics, and conversions
 * (ALTER and by age) done and failed.
 */
import { Registry } from 'prom-client';
import { MetricSource } from '../../../core/extension/metric-source';
import { readCounter } from '../../http-metrics/server-metric-source';
import { ParquetReadCounters } from './parquet-partition';

export interface ConversionCounters {
  converted: number;
  failed: number;
}

export class ParquetMetrics implements MetricSource {
  constructor(private readonly reads: ParquetReadCounters, private readonly conversions: ConversionCounters) {}

  register(registry: Registry): void {
    const r = this.reads, c = this.conversions;
    readCounter(registry, 'svc_parquet_bytes_read_total', 'Bytes read from Parquet partition files (footers and column chunks).', () => r.bytes);
    readCounter(registry, 'svc_parquet_row_groups_read_total', 'Parquet column chunks decoded (one per row group and column).', () => r.rowGroupsRead);
    readCounter(registry, 'svc_parquet_row_groups_pruned_total', 'Parquet row groups skipped by their designated-timestamp statistics.', () => r.rowGroupsPruned);
    readCounter(registry, 'svc_parquet_conversions_total', 'Partitions converted between native and Parquet.', () => c.converted);
    readCounter(registry, 'svc_parquet_conversion_failures_total', 'Partition conversions that failed (the partition stayed as it was).', () => c.failed);
  }
}
