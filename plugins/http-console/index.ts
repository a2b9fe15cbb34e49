import { DependencyContainer } from 'tsyringe';
import { HttpRoute } from '../../core/extension/http-route';
import { Plugin } from '../../core/plugin';
import { ConsolePreferences } from './console-preferences';
import { SettingsRoute } from './settings-route';
import { TableStatusRoute } from './table-status-route';
import { WarningsRoute } from './warnings-route';

/** The endpoints the web console and line-protocol clients call at start: /settings, /chk, /warnings. */
export const httpConsolePlugin: Plugin = {
  name: 'http-console',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.registerSingleton(ConsolePreferences);
    container.register(HttpRoute, { useClass: SettingsRoute });
    container.register(HttpRoute, { useClass: TableStatusRoute });
    container.register(HttpRoute, { useClass: WarningsRoute });
  },
};
