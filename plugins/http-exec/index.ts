import { DependencyContainer } from 'tsyringe';
import { HttpRoute } from '../../core/extension/http-route';
import { Plugin } from '../../core/plugin';
import { RunningQueries } from '../../core/server/running-queries';
import { ExecRoute } from './exec-route';

/**
 * /exec: the JSON query endpoint (POST bodies, query ids, progress and cancellation are svc's own). Uses the
 * QueryEngine the SQL engine plugin registers.
 */
export const httpExecPlugin: Plugin = {
  name: 'http-exec',
  dependsOn: [],
  register(container: DependencyContainer): void {
    // One registry of running queries per server, shared by /exec and /exp (whichever registers first).
    if (!container.isRegistered(RunningQueries)) container.registerSingleton(RunningQueries);
    container.register(HttpRoute, { useClass: ExecRoute });
  },
};
