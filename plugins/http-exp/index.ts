import { DependencyContainer } from 'tsyringe';
import { HttpRoute } from '../../core/extension/http-route';
import { Plugin } from '../../core/plugin';
import { ExportRoute } from './export-route';

/** GET /exp: the registered ExportFormats (`fmt`) over the QueryEngine. */
export const httpExpPlugin: Plugin = {
  name: 'http-exp',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(HttpRoute, { useClass: ExportRoute });
  },
};
