/** Stops the authenticator's token-file watcher when the server stops. */
import { Lifecycle } from '../../core/extension/lifecycle';
import { CredentialAuthenticator } from './credential-authenticator';

export class AuthLifecycle implements Lifecycle {
  readonly name = 'http-auth';

  constructor(private readonly authenticator: CredentialAuthenticator) {}

  async start(): Promise<void> {
    // The authenticator is ready from registration on; only its watcher needs stopping.
  }

  async stop(): Promise<void> {
    this.authenticator.close();
  }
}
