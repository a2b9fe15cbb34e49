import { DependencyContainer } from 'tsyringe';
import { HttpRoute } from '../../core/extension/http-route';
import { Plugin } from '../../core/plugin';
import { ImportRoute } from './import-route';

export const httpImpPlugin: Plugin = {
  name: 'http-imp',
  dependsOn: ['import-delimited'],
  register(container: DependencyContainer): void {
    container.register(HttpRoute, { useClass: ImportRoute });
  },
};
