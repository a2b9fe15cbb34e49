/**
 * Prometheus metrics on the min listener. Only with `metrics.enabled=true` (default false): otherwise
 * nothing registers and `/metrics` is just another health path.
 */
import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { METRICS_ENABLED } from '../../core/config/server-keys';
import { HttpRoute } from '../../core/extension/http-route';
import { Lifecycle } from '../../core/extension/lifecycle';
import { MetricSource } from '../../core/extension/metric-source';
import { Plugin } from '../../core/plugin';
import { MetricsRegistration } from './metrics-registration';
import { MetricsRoute } from './metrics-route';
import { ServerMetricSource } from './server-metric-source';

export const httpMetricsPlugin: Plugin = {
  name: 'http-metrics',
  dependsOn: [],
  register(container: DependencyContainer): void {
    if (!container.resolve(ServerConfig).get(METRICS_ENABLED)) return;
    container.register(MetricSource, { useClass: ServerMetricSource });
    container.register(Lifecycle, { useClass: MetricsRegistration });
    container.register(HttpRoute, { useClass: MetricsRoute });
  },
};
