import { DependencyContainer } from 'tsyringe';
import { Lifecycle } from '../../core/extension/lifecycle';
import { MetricSource } from '../../core/extension/metric-source';
import { Plugin } from '../../core/plugin';
import { LineIngestion } from './line-ingestion';
import { LineMetrics } from './line-metrics';
import { ParsePool } from './parse-pool';

/**
 * The line-protocol parser and writer shared by both transports (http-ilp, tcp-ilp): bytes of the InfluxDB
 * line protocol (text, and the binary values of protocol versions 2 and 3) into table writes, one
 * transaction per request or commit interval.
 */
export const lineProtocolPlugin: Plugin = {
  name: 'line-protocol',
  dependsOn: ['storage-columnar'],
  register(container: DependencyContainer): void {
    container.registerSingleton(LineMetrics);
    container.registerSingleton(ParsePool);
    container.register(Lifecycle, { useFactory: (c) => c.resolve(ParsePool) });
    container.registerSingleton(LineIngestion);
    container.register(MetricSource, { useFactory: (c) => c.resolve(LineMetrics) });
  },
};
