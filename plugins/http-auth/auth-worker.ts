/** Loaded by the min listener's worker thread: the same authenticator, built from the settings it was handed. */
import { HttpAuthenticator } from '../../core/extension/http-authenticator';
import { isAuthSettings } from './auth-settings';
import { CredentialAuthenticator } from './credential-authenticator';

export function createWorkerAuthenticator(options: unknown): HttpAuthenticator {
  if (!isAuthSettings(options)) throw new Error('auth worker: bad settings');
  return new CredentialAuthenticator(options);
}
