import { DependencyContainer } from 'tsyringe';
import { Writable } from 'node:stream';
import { ConsoleStream } from '../../core/server-tokens';
import { LogWriterFactory } from '../../core/extension/log-writer';
import { Plugin } from '../../core/plugin';
import { ConsoleWriter } from './console-writer';
import { ConsoleTargets, isDetached } from './detached-console';

export const LOG_CONSOLE_WRITER_CLASS = 'io.svc.log.LogConsoleWriter';

export const logConsolePlugin: Plugin = {
  name: 'log-console',
  dependsOn: [],
  register(container: DependencyContainer): void {
    let targets: ConsoleTargets | undefined;
    const factory: LogWriterFactory = {
      className: LOG_CONSOLE_WRITER_CLASS,
      properties: [],
      create: (settings) => {
        targets ??= new ConsoleTargets(container.resolve<Writable>(ConsoleStream));
        const detached = isDetached(settings.env);
        const shared = targets;
        const writer = new ConsoleWriter(shared.consoleFor(detached), detached ? shared.stdoutFile(settings.logDir) : undefined);
        if (!detached) return writer;
        return { write: (r) => writer.write(r), flush: () => writer.flush(), close: async () => { await writer.close(); shared.release(); } };
      },
    };
    container.register(LogWriterFactory, { useValue: factory });
  },
};
