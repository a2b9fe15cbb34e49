import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Registry } from 'prom-client';
import { ErrorCounter } from '../../core/metrics/error-counter';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { ServerMetricSource } from './server-metric-source';

function scrape(metrics: ServerMetrics, errors: ErrorCounter): Promise<string> {
  const registry = new Registry();
  new ServerMetricSource(metrics, errors).register(registry);
  return registry.metrics();
}

test('counters show the ServerMetrics values at scrape time', async () => {
  const metrics = new ServerMetrics();
  const errors = new ErrorCounter();
  const registry = new Registry();
  new ServerMetricSource(metrics, errors).register(registry);
  metrics.jsonQueriesStarted = 3;
  metrics.recordCommit(10, 12, true);
  metrics.importedRows = 7;
  metrics.rollbacks = 2;
  const text = await registry.metrics();
  assert.match(text, /^svc_json_queries_total 3$/m);
  assert.match(text, /^svc_commits_total 1$/m);
  assert.match(text, /^svc_o3_commits_total 1$/m);
  assert.match(text, /^svc_committed_rows_total 10$/m);
  assert.match(text, /^svc_physically_written_rows_total 12$/m);
  assert.match(text, /^svc_import_rows_total 7$/m);
  assert.match(text, /^svc_rollbacks_total 2$/m);
  metrics.jsonQueriesStarted = 4;
  assert.match(await registry.metrics(), /^svc_json_queries_total 4$/m);
});

test('svc_unhandled_errors_total reads the shared error counter', async () => {
  const errors = new ErrorCounter();
  errors.increment();
  errors.increment();
  assert.match(await scrape(new ServerMetrics(), errors), /^# TYPE svc_unhandled_errors_total counter\nsvc_unhandled_errors_total 2$/m);
});

test('memory gauges report positive byte counts', async () => {
  const text = await scrape(new ServerMetrics(), new ErrorCounter());
  const rss = /^svc_memory_rss (\d+)$/m.exec(text);
  assert.ok(rss && Number(rss[1]) > 1_000_000, text);
  assert.match(text, /^# TYPE svc_http_connections gauge$/m);
});

test('the QuestDB-named families read their ServerMetrics values', async () => {
  const metrics = new ServerMetrics();
  metrics.queryErrors = 3;
  metrics.jsonQueryConnections = 2;
  metrics.httpListenerStateChanges = 1;
  const text = await scrape(metrics, new ErrorCounter());
  assert.match(text, /^svc_query_error_counter_total 3$/m);
  assert.match(text, /^svc_json_queries_connections 2$/m);
  assert.match(text, /^svc_http_listener_state_change_count_total 1$/m);
  assert.match(text, /^svc_json_queries_cached 0$/m);
  assert.match(text, /^svc_suspended_tables 0$/m);
  assert.doesNotMatch(text, /jvm_/);
});
