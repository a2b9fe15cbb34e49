import { DependencyContainer } from 'tsyringe';
import { LogWriterFactory } from '../../core/extension/log-writer';
import { Plugin } from '../../core/plugin';
import { RollingFileWriter } from './rolling-file-writer';

export const LOG_ROLLING_FILE_WRITER_CLASS = 'io.svc.log.LogRollingFileWriter';

export const logRollingFilePlugin: Plugin = {
  name: 'log-rolling-file',
  dependsOn: ['log-file'],
  register(container: DependencyContainer): void {
    const factory: LogWriterFactory = {
      className: LOG_ROLLING_FILE_WRITER_CLASS,
      properties: ['location', 'rollEvery', 'rollSize', 'bufferSize', 'lifeDuration', 'sizeLimit'],
      create: (settings) => new RollingFileWriter(settings),
    };
    container.register(LogWriterFactory, { useValue: factory });
  },
};
