/**
 * Fills the server's prom-client Registry at start-up (after every plugin registered): each MetricSource
 * (the server's own families included) plus Node's process metrics under `svc_` (`collectDefaultMetrics`;
 * its `prefix` only applies to those).
 */
import { collectDefaultMetrics, Registry } from 'prom-client';
import { inject, injectable, injectAll } from 'tsyringe';
import { Lifecycle } from '../../core/extension/lifecycle';
import { MetricSource } from '../../core/extension/metric-source';

@injectable()
export class MetricsRegistration implements Lifecycle {
  readonly name = 'metrics';

  constructor(
    @inject(Registry) private readonly registry: Registry,
    @injectAll(MetricSource, { isOptional: true }) private readonly sources: MetricSource[],
  ) {}

  async start(): Promise<void> {
    for (const source of this.sources) source.register(this.registry);
    collectDefaultMetrics({ register: this.registry, prefix: 'svc_' });
  }

  async stop(): Promise<void> {
    this.registry.clear();
  }
}
