/**
 * The SQL engine: binder, planner and executor behind the QueryEngine token (core/sql), and the query
 * worker pool its big scans run on (core/parallel), stopped with the server.
 */
import { availableParallelism } from 'node:os';
import { DependencyContainer, Lifecycle as Scope } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  CAIRO_COLUMN_CACHE_SIZE, SHARED_WORKER_COUNT, SQL_BLOCK_SUMMARIES_ENABLED, SQL_PARALLEL_FILTER_ENABLED, SQL_PARALLEL_GROUPBY_ENABLED, SQL_PARALLEL_MIN_ROWS,
} from '../../core/config/server-keys';
import { Lifecycle } from '../../core/extension/lifecycle';
import { MetricSource } from '../../core/extension/metric-source';
import { QueryWorkerMetrics } from '../../core/parallel/query-worker-metrics';
import { QueryWorkers } from '../../core/parallel/query-workers';
import { Plugin } from '../../core/plugin';
import { QueryEngine } from '../../core/sql/query-engine';
import { SqlQueryEngine } from '../../core/sql/sql-query-engine';

export const sqlEnginePlugin: Plugin = {
  name: 'sql-engine',
  dependsOn: ['sql-grammar', 'storage-columnar', 'sql-functions'],
  register(container: DependencyContainer): void {
    const config = container.resolve(ServerConfig);
    const count = config.get(SHARED_WORKER_COUNT);
    const workers = new QueryWorkers({
      workers: count > 0 ? count : availableParallelism(),
      minRows: config.get(SQL_PARALLEL_MIN_ROWS),
      filter: config.get(SQL_PARALLEL_FILTER_ENABLED),
      groupBy: config.get(SQL_PARALLEL_GROUPBY_ENABLED),
      summaries: config.get(SQL_BLOCK_SUMMARIES_ENABLED),
      maxFrameBytes: config.get(CAIRO_COLUMN_CACHE_SIZE),
    });
    container.register(QueryWorkers, { useValue: workers });
    container.register(Lifecycle, { useValue: { name: 'query-workers', start: async () => undefined, stop: () => workers.close() } });
    container.register(MetricSource, { useValue: new QueryWorkerMetrics(workers) });
    container.register(QueryEngine, { useClass: SqlQueryEngine }, { lifecycle: Scope.Singleton });
  },
};
