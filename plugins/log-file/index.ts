import { DependencyContainer } from 'tsyringe';
import { LogWriterFactory } from '../../core/extension/log-writer';
import { Plugin } from '../../core/plugin';
import { FileWriter } from './file-writer';

export const LOG_FILE_WRITER_CLASS = 'io.svc.log.LogFileWriter';

export const logFilePlugin: Plugin = {
  name: 'log-file',
  dependsOn: [],
  register(container: DependencyContainer): void {
    const factory: LogWriterFactory = {
      className: LOG_FILE_WRITER_CLASS,
      properties: ['location', 'bufferSize'],
      create: (settings) => new FileWriter(settings),
    };
    container.register(LogWriterFactory, { useValue: factory });
  },
};
