/**
 * TLS for the PostgreSQL listener (`pg.tls.enabled`): the certificate and key are read once at start-up
 * into a SecureContext; a file that cannot be read or parsed stops start-up naming its key. Without
 * TLS, SSLRequest is answered `N` and clients continue in clear text (psql's default `sslmode=prefer`).
 */
import { readFileSync } from 'node:fs';
import { createSecureContext, SecureContext } from 'node:tls';
import { ServerConfig } from '../../core/config/server-config';
import { PG_TLS_CERT_PATH, PG_TLS_ENABLED, PG_TLS_KEY_PATH } from '../../core/config/server-keys';
import { errorMessage, SvcError } from '../../core/errors';
import { RootDirectory } from '../../core/root-directory';

export function pgSecureContext(config: ServerConfig, root: RootDirectory): SecureContext | undefined {
  if (!config.get(PG_TLS_ENABLED)) return undefined;
  const read = (key: typeof PG_TLS_CERT_PATH): Buffer => {
    const path = root.resolve(config.get(key) ?? '');
    try {
      return readFileSync(path);
    } catch (e) {
      throw new SvcError(`cannot read the PostgreSQL TLS file [key=${key.name}, path=${path}]: ${errorMessage(e)}`, 500);
    }
  };
  const cert = read(PG_TLS_CERT_PATH), key = read(PG_TLS_KEY_PATH);
  try {
    return createSecureContext({ cert, key });
  } catch (e) {
    throw new SvcError(`invalid PostgreSQL TLS certificate or key [key=${PG_TLS_CERT_PATH.name}]: ${errorMessage(e)}`, 500);
  }
}
