import { DependencyContainer, instanceCachingFactory } from 'tsyringe';
import { HttpRoute } from '../../core/extension/http-route';
import { Plugin } from '../../core/plugin';
import { createStaticContentRoute } from './web-console-setup';

/**
 * The web console: a single-page SQL workbench (app/, bundled into dist by `npm run build`) served with
 * the files of `http.static.public.directory` at `http.context.web.console` (docs/web-console.md). The app
 * talks only to the public HTTP API.
 */
export const webConsolePlugin: Plugin = {
  name: 'web-console',
  dependsOn: ['http-auth'],
  register(container: DependencyContainer): void {
    // Cached: both listeners resolve every HttpRoute, and the route is built (and logged) once.
    container.register(HttpRoute, { useFactory: instanceCachingFactory((c) => createStaticContentRoute(c)) });
  },
};
