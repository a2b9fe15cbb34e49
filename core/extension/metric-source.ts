/**
 * Contributes metrics to /metrics (port 9003, when `metrics.enabled=true`). Called once at start-up
 * with the server's prom-client Registry; name metrics `svc_…` yourself (the prefix option only
 * affects default metrics).
 */
import type { Registry } from 'prom-client';

export const MetricSource = Symbol.for('svc.MetricSource');

export interface MetricSource {
  register(registry: Registry): void;
}
