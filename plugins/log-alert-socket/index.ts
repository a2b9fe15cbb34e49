import { DependencyContainer } from 'tsyringe';
import { LogWriterFactory } from '../../core/extension/log-writer';
import { MetricSource } from '../../core/extension/metric-source';
import { LogFactory } from '../../core/log/log';
import { LogLevel } from '../../core/log/log-level';
import { Plugin } from '../../core/plugin';
import { AlertMetricSource } from './alert-metric-source';
import { parseAlertSettings } from './alert-settings';
import { ALERT_LOG_SOURCE, AlertSocketWriter } from './alert-socket-writer';
import { AlertTemplate } from './alert-template';

export const LOG_ALERT_SOCKET_WRITER_CLASS = 'io.svc.log.LogAlertSocketWriter';

export const logAlertSocketPlugin: Plugin = {
  name: 'log-alert-socket',
  dependsOn: [],
  register(container: DependencyContainer): void {
    const metrics = new AlertMetricSource();
    const factory: LogWriterFactory = {
      className: LOG_ALERT_SOCKET_WRITER_CLASS,
      properties: ['location', 'alertTargets', 'defaultAlertHost', 'defaultAlertPort', 'inBufferSize', 'outBufferSize', 'reconnectDelay'],
      // the alert writer's level is forced to exclude ADVISORY.
      levelMask: ~LogLevel.Advisory,
      // `w.alert.level=CRITICAL`; without it, alerting on every Info line would flood the alert manager.
      defaultLevels: LogLevel.Critical,
      create: (settings) => {
        const alertSettings = parseAlertSettings(settings);
        const template = AlertTemplate.load(settings.properties.get('location'), settings.rootDir, settings.env, settings.version);
        const log = container.resolve<LogFactory>(LogFactory).create(ALERT_LOG_SOURCE);
        log.advisory(`alert writer [targets=${alertSettings.targets.map((t) => `${t.host}:${t.port}`).join(',')}]`);
        const writer = new AlertSocketWriter(alertSettings, template, settings.version, log);
        metrics.writers.push(writer);
        return writer;
      },
    };
    container.register(LogWriterFactory, { useValue: factory });
    container.register(MetricSource, { useValue: metrics });
  },
};
