import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { HTTP_CONTEXT_WEB_CONSOLE } from '../../core/config/server-keys';
import { CellPrinter } from '../../core/extension/cell-printer';
import { HttpRoute } from '../../core/extension/http-route';
import { LogFactory } from '../../core/log/log';
import { Plugin } from '../../core/plugin';
import { ErrorResponder } from '../../core/server/error-responder';
import { ResponseFraming } from '../../core/server/response-framing';
import { RunningQueries } from '../../core/server/running-queries';
import { QueryEngine } from '../../core/sql/query-engine';
import { ExecRoute } from './exec-route';
import { jsonCellPrinter } from './json-cell-printer';
import { validatePaths, ValidateRoute } from './validate-route';

/**
 * /exec: the JSON query endpoint (POST bodies, query ids, progress and cancellation are svc's own), and
 * /api/v1/sql/validate, which compiles a statement without running it (QuestDB's web console). Uses the
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
    for (const path of validatePaths(container.resolve(ServerConfig).get(HTTP_CONTEXT_WEB_CONSOLE))) {
      container.register(HttpRoute, {
        useFactory: (c) => new ValidateRoute(path, {
          engine: c.isRegistered(QueryEngine, true) ? c.resolve<QueryEngine>(QueryEngine) : undefined,
          framing: c.resolve(ResponseFraming),
          responder: c.resolve(ErrorResponder),
          log: c.resolve<LogFactory>(LogFactory).create('http-exec'),
        }),
      });
    }
    container.register(CellPrinter, { useValue: jsonCellPrinter });
  },
};
