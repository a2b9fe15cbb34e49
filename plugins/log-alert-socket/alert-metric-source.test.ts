import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { test } from 'node:test';
import { AlertMetricSource } from './alert-metric-source';

test('alert counters are summed over the writers when scraped', async () => {
  const source = new AlertMetricSource();
  const registry = new Registry();
  source.register(registry);
  source.writers.push({ stats: { delivered: 3, rejected: 1, dropped: 2, failedAttempts: 5, queued: 1 } });
  source.writers.push({ stats: { delivered: 1, rejected: 0, dropped: 4, failedAttempts: 0, queued: 0 } });
  const text = await registry.metrics();
  assert.match(text, /^svc_log_alerts_delivered_total 4$/m);
  assert.match(text, /^svc_log_alerts_rejected_total 1$/m);
  assert.match(text, /^svc_log_alerts_dropped_total 6$/m);
  assert.match(text, /^svc_log_alerts_failed_attempts_total 5$/m);
  assert.match(text, /^svc_log_alerts_queued 1$/m);
});
