import { DependencyContainer } from 'tsyringe';
import { HttpRoute } from '../../core/extension/http-route';
import { Plugin } from '../../core/plugin';
import { ExecRoute } from './exec-route';

/** GET /exec: the JSON query endpoint. Uses the QueryEngine the SQL engine plugin registers. */
export const httpExecPlugin: Plugin = {
  name: 'http-exec',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(HttpRoute, { useClass: ExecRoute });
  },
};
