/**
 * Builds the static content route from the configuration: the context (`http.context.web.console`), the
 * public directory and index file name (`http.static.public.directory`, `http.static.index.file.name`, the
 * directory relative to the root), whether files need credentials (`http.static.authentication.required`),
 * `conf/mime.types` when present, and the app bundled with the server (`public/` beside this file in dist/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  HTTP_CONTEXT_WEB_CONSOLE, HTTP_STATIC_AUTH_REQUIRED, HTTP_STATIC_INDEX_FILE, HTTP_STATIC_PUBLIC_DIRECTORY, HTTP_USER,
} from '../../core/config/server-keys';
import { HttpAuthenticator } from '../../core/extension/http-authenticator';
import { Log, LogFactory } from '../../core/log/log';
import { RootDirectory } from '../../core/root-directory';
import { ResponseFraming } from '../../core/server/response-framing';
import { BundleIndex } from './bundle-index';
import { ContentTypes, parseMimeTypes } from './content-types';
import { StaticAccess } from './static-access';
import { StaticContentRoute } from './static-content-route';
import { StaticFiles } from './static-files';

/** Where `npm run build` puts the app (dist/plugins/web-console/public). */
export const BUNDLE_DIR = join(__dirname, 'public');

/** `/`, `/console` (no trailing slash except the root). */
export function normaliseContext(value: string | undefined): string {
  const trimmed = (value ?? '/').trim().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function readContentTypes(root: RootDirectory, log: Log): ContentTypes {
  const file = join(root.conf, 'mime.types');
  if (!existsSync(file)) return new ContentTypes();
  try {
    return new ContentTypes(parseMimeTypes(readFileSync(file, 'utf8')));
  } catch (e) {
    log.error(`cannot read ${file}, using the built-in content types: ${e instanceof Error ? e.message : String(e)}`);
    return new ContentTypes();
  }
}

export function createStaticContentRoute(container: DependencyContainer, bundleDir: string = BUNDLE_DIR): StaticContentRoute {
  const config = container.resolve(ServerConfig);
  const root = container.resolve(RootDirectory);
  const authenticator = container.isRegistered(HttpAuthenticator, true) ? container.resolveAll<HttpAuthenticator>(HttpAuthenticator)[0] : undefined;
  const context = normaliseContext(config.get(HTTP_CONTEXT_WEB_CONSOLE));
  const publicDir = root.resolve(config.get(HTTP_STATIC_PUBLIC_DIRECTORY) ?? 'public');
  const bundleIndex = new BundleIndex(bundleDir, context);
  const log = container.resolve<LogFactory>(LogFactory).create('web-console');
  const built = bundleIndex.current() !== undefined;
  if (built) log.advisory(`web console at ${context} [public=${publicDir}]`);
  else log.advisory(`web console bundle not found, serving ${publicDir} only [bundle=${bundleDir}]`);
  const files = new StaticFiles({
    publicDir,
    indexFileName: config.get(HTTP_STATIC_INDEX_FILE) ?? 'index.html',
    bundleDir,
    bundleIndex: () => bundleIndex.current(),
  });
  const basicConfigured = (config.get(HTTP_USER) ?? '') !== '';
  const access = new StaticAccess(config.get(HTTP_STATIC_AUTH_REQUIRED), authenticator, basicConfigured);
  return new StaticContentRoute({ context, files, access, contentTypes: readContentTypes(root, log) }, container.resolve(ResponseFraming));
}
