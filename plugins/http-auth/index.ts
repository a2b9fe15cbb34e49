/**
 * Authentication on the HTTP API: Basic with `http.user` /
 * `http.password`, Bearer tokens from `http.auth.tokens` or a watched token file. Registers an
 * HttpAuthenticator only when something is configured; the dispatcher then answers 401 on routes that
 * require credentials. A user without a password (or the reverse) stops start-up here.
 */
import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { Environment } from '../../core/config/env-overrides';
import { HttpAuthenticator } from '../../core/extension/http-authenticator';
import { Lifecycle } from '../../core/extension/lifecycle';
import { LogFactory } from '../../core/log/log';
import { Plugin } from '../../core/plugin';
import { RootDirectory } from '../../core/root-directory';
import { ServerEnvironment } from '../../core/server-tokens';
import { authEnabled, readAuthSettings } from './auth-settings';
import { AuthLifecycle } from './auth-lifecycle';
import { CredentialAuthenticator } from './credential-authenticator';

export const httpAuthPlugin: Plugin = {
  name: 'http-auth',
  dependsOn: [],
  register(container: DependencyContainer): void {
    const root = container.resolve(RootDirectory);
    const env = container.resolve<Environment>(ServerEnvironment);
    const settings = readAuthSettings(container.resolve(ServerConfig), env, (p) => root.resolve(p));
    if (!authEnabled(settings)) return;
    const log = container.resolve<LogFactory>(LogFactory).create('http-auth');
    const authenticator = new CredentialAuthenticator(settings, (m) => log.error(m));
    container.register(HttpAuthenticator, { useValue: authenticator });
    container.register(Lifecycle, { useValue: new AuthLifecycle(authenticator) });
    const kinds = [settings.user !== undefined ? 'basic' : '', settings.tokens.length > 0 ? 'bearer tokens' : '',
      settings.tokenFile !== undefined ? `bearer token file ${settings.tokenFile}` : ''].filter((k) => k !== '');
    log.advisory(`authentication enabled [${kinds.join(', ')}]`);
  },
};
