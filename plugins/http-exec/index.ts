import { DependencyContainer } from 'tsyringe';
import { CellPrinter } from '../../core/extension/cell-printer';
import { HttpRoute } from '../../core/extension/http-route';
import { Plugin } from '../../core/plugin';
import { RunningQueries } from '../../core/server/running-queries';
import { ExecRoute } from './exec-route';
import { jsonCellPrinter } from './json-cell-printer';

/**
 * /exec: the JSON query endpoint (POST bodies, query ids, progress and cancellation are svc's own). Uses the
 * QueryEngine the SQL engine plugin registers. Also prints single cells in the `json` form for plugins
 * (PluginApi `formatCell`).
 */
export const httpExecPlugin: Plugin = {
  name: 'http-exec',
  dependsOn: [],
  register(container: DependencyContainer): void {
    // One registry of running queries per server, shared by /exec and /exp (whichever registers first).
    if (!container.isRegistered(RunningQueries)) container.registerSingleton(RunningQueries);
    container.register(HttpRoute, { useClass: ExecRoute });
    container.register(CellPrinter, { useValue: jsonCellPrinter });
  },
};
