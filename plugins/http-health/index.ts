import { DependencyContainer } from 'tsyringe';
import { HttpRoute } from '../../core/extension/http-route';
import { Plugin } from '../../core/plugin';
import { HealthRoute } from './health-route';

export const httpHealthPlugin: Plugin = {
  name: 'http-health',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(HttpRoute, { useClass: HealthRoute });
  },
};
