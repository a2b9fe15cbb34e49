/**
 * The server's own metric families (`questdb_*` → `svc_*`): the ServerMetrics counters
 * other subsystems bump, the unhandled-error count, and memory gauges. Values are read when /metrics
 * is scraped (`collect`), so the hot paths only increment plain numbers.
 */
import { Counter, Gauge, Registry } from 'prom-client';
import { inject, injectable } from 'tsyringe';
import { MetricSource } from '../../core/extension/metric-source';
import { ErrorCounter } from '../../core/metrics/error-counter';
import { ServerMetrics } from '../../core/metrics/server-metrics';

/** A counter family whose value is read from elsewhere at scrape time. */
export function readCounter(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name, help, registers: [registry],
    collect(this: Counter): void {
      this.reset();
      this.inc(read());
    },
  });
}

/** A gauge family whose value is read at scrape time. */
export function readGauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name, help, registers: [registry],
    collect(this: Gauge): void {
      this.set(read());
    },
  });
}

@injectable()
export class ServerMetricSource implements MetricSource {
  constructor(
    @inject(ServerMetrics) private readonly metrics: ServerMetrics,
    @inject(ErrorCounter) private readonly errors: ErrorCounter,
  ) {}

  register(registry: Registry): void {
    const m = this.metrics;
    readCounter(registry, 'svc_json_queries_total', 'Queries started on /exec.', () => m.jsonQueriesStarted);
    readCounter(registry, 'svc_json_queries_completed_total', 'Queries on /exec answered without error.', () => m.jsonQueriesCompleted);
    readCounter(registry, 'svc_json_queries_cache_hits_total', 'Query cache hits on /exec.', () => m.jsonQueryCacheHits);
    readCounter(registry, 'svc_json_queries_cache_misses_total', 'Query cache misses on /exec.', () => m.jsonQueryCacheMisses);
    readCounter(registry, 'svc_import_rows_total', 'Rows imported through /imp.', () => m.importedRows);
    readCounter(registry, 'svc_ilp_rows_total', 'Rows written through line protocol.', () => m.ilpRows);
    readCounter(registry, 'svc_commits_total', 'Table commits.', () => m.commits);
    readCounter(registry, 'svc_o3_commits_total', 'Commits with out-of-order rows.', () => m.o3Commits);
    readCounter(registry, 'svc_committed_rows_total', 'Rows committed.', () => m.committedRows);
    readCounter(registry, 'svc_physically_written_rows_total', 'Rows physically written (out-of-order merges rewrite rows).', () => m.physicallyWrittenRows);
    readCounter(registry, 'svc_rollbacks_total', 'Rolled-back writes.', () => m.rollbacks);
    readCounter(registry, 'svc_unhandled_errors_total', 'Unhandled errors since start (the pessimistic health check reads it).', () => this.errors.count);
    readGauge(registry, 'svc_http_connections', 'Open connections on the HTTP API listener.', () => m.httpConnections);
    // QuestDB-named families dashboards built for QuestDB query (no jvm_*; no WAL apply counters: writes
    // apply synchronously). svc never suspends a table, so that one reads 0.
    readGauge(registry, 'svc_json_queries_cached', 'Queries held in the /exec query cache.', () => m.jsonQueriesCached);
    readGauge(registry, 'svc_json_queries_connections', '/exec requests being answered now.', () => m.jsonQueryConnections);
    readCounter(registry, 'svc_http_listener_state_change_count_total',
      'Times the HTTP API listener started or stopped taking new clients (listening, connection limit).', () => m.httpListenerStateChanges);
    readCounter(registry, 'svc_query_error_counter_total', 'Queries on /exec and /exp that ended with an error.', () => m.queryErrors);
    readGauge(registry, 'svc_suspended_tables', 'Tables whose writes are suspended (svc never suspends one).', () => 0);
    // memory_mem_used in QuestDB is native memory in use; here: everything V8 and Node allocated.
    readGauge(registry, 'svc_memory_mem_used', 'Bytes in use: V8 heap plus external and array-buffer memory.', () => {
      const u = process.memoryUsage();
      return u.heapUsed + u.external;
    });
    readGauge(registry, 'svc_memory_rss', 'Resident set size in bytes.', () => process.memoryUsage.rss());
    readGauge(registry, 'svc_memory_heap_used', 'V8 heap in use, bytes.', () => process.memoryUsage().heapUsed);
    readGauge(registry, 'svc_memory_heap_total', 'V8 heap reserved, bytes.', () => process.memoryUsage().heapTotal);
    readGauge(registry, 'svc_memory_array_buffers', 'Bytes held by ArrayBuffers and Buffers (column vectors).', () => process.memoryUsage().arrayBuffers);
  }
}
