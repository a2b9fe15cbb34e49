import { DependencyContainer } from 'tsyringe';
import { Writable } from 'node:stream';
import { ConsoleStream } from '../../core/server-tokens';
import { LogWriterFactory } from '../../core/extension/log-writer';
import { Plugin } from '../../core/plugin';
import { ConsoleWriter } from './console-writer';

export const LOG_CONSOLE_WRITER_CLASS = 'io.svc.log.LogConsoleWriter';

export const logConsolePlugin: Plugin = {
  name: 'log-console',
  dependsOn: [],
  register(container: DependencyContainer): void {
    const factory: LogWriterFactory = {
      className: LOG_CONSOLE_WRITER_CLASS,
      properties: [],
      create: () => new ConsoleWriter(container.resolve<Writable>(ConsoleStream)),
    };
    container.register(LogWriterFactory, { useValue: factory });
  },
};
