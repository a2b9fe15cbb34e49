/**
 * The query worker pool on /metrics (when `metrics.enabled=true`): tasks run and cancelled, rows the
 * workers scanned, block summaries built and folded, and the workers busy now — which drops to 0 soon after a query is cancelled.
 */
import { Counter, Gauge, Registry } from 'prom-client';
import { MetricSource } from '../extension/metric-source';
import { QueryWorkers, WorkerPoolStats } from './query-workers';

export class QueryWorkerMetrics implements MetricSource {
  constructor(private readonly workers: QueryWorkers) {}

  register(registry: Registry): void {
    const stats = this.workers.stats;
    const counter = (name: string, help: string, key: keyof WorkerPoolStats): void => {
      new Counter({ name, help, registers: [registry], collect(this: Counter): void { this.reset(); this.inc(stats[key]); } });
    };
    counter('svc_query_worker_tasks_total', 'Kernel tasks the query workers finished (done, cancelled or failed).', 'tasks');
    counter('svc_query_worker_tasks_cancelled_total', 'Kernel tasks that stopped early because their query was cancelled.', 'cancelled');
    counter('svc_query_worker_rows_total', 'Rows the query workers scanned.', 'rows');
    counter('svc_block_summaries_built_total', 'Block summaries built, one per committed FLOAT/DOUBLE column array.', 'summariesBuilt');
    counter('svc_block_summary_folds_total', 'Spans of whole blocks answered from block summaries instead of reading their rows.', 'summaryFolds');
    const workers = this.workers;
    new Gauge({ name: 'svc_query_workers_busy', help: 'Query workers running a task now.', registers: [registry],
      collect(this: Gauge): void { this.set(workers.running); } });
  }
}
