import { DependencyContainer } from 'tsyringe';
import { HttpRoute } from '../../core/extension/http-route';
import { Plugin } from '../../core/plugin';
import { RunningQueries } from '../../core/server/running-queries';
import { ExportRoute } from './export-route';

/** GET /exp: the registered ExportFormats (`fmt`) over the QueryEngine. */
export const httpExpPlugin: Plugin = {
  name: 'http-exp',
  dependsOn: [],
  register(container: DependencyContainer): void {
    // One registry of running queries per server, shared by /exec and /exp (whichever registers first).
    if (!container.isRegistered(RunningQueries)) container.registerSingleton(RunningQueries);
    container.register(HttpRoute, { useClass: ExportRoute });
  },
};
