/**
 * Who may log in over PostgreSQL, and whether anyone may write, under the server's one security model:
 * with `http.user`/`http.password` set, they are the PostgreSQL login too, unless `pg.user` or
 * `pg.password` is set explicitly (then those apply to PostgreSQL alone); `http.security.readonly` makes
 * PostgreSQL read-only as `pg.security.readonly` does. `announce` says at start-up which credentials
 * the listener takes, and says loudly (an Error line) when a listener on a non-loopback address still
 * takes the default password.
 */
import { AddressInfo } from 'node:net';
import { ServerConfig } from '../../core/config/server-config';
import {
  HTTP_PASSWORD, HTTP_SECURITY_READONLY, HTTP_USER, PG_PASSWORD, PG_READONLY_PASSWORD, PG_READONLY_USER, PG_READONLY_USER_ENABLED,
  PG_SECURITY_READONLY, PG_USER,
} from '../../core/config/server-keys';
import { ConfigKey } from '../../core/config/config-key';
import { Log } from '../../core/log/log';
import { PgUser } from './pg-credentials';

export interface PgLogins {
  readonly users: readonly PgUser[];
  /** Every session is read-only. */
  readonly readOnly: boolean;
  announce(log: Log, bound: AddressInfo): void;
}

export function pgLogins(config: ServerConfig): PgLogins {
  const explicit = (key: ConfigKey<unknown>): boolean => config.entries().some((e) => e.key === key.name && e.source !== 'default');
  const httpUser = config.get(HTTP_USER), httpPassword = config.get(HTTP_PASSWORD);
  const http = !!httpUser && !!httpPassword && !explicit(PG_USER) && !explicit(PG_PASSWORD);
  const admin: PgUser = http
    ? { name: httpUser as string, password: httpPassword as string, readOnly: false }
    : { name: config.get(PG_USER) ?? 'admin', password: config.get(PG_PASSWORD) ?? '', readOnly: false };
  const users = [admin];
  const defaults: string[] = [];
  if (!http && !explicit(PG_PASSWORD)) defaults.push(admin.name);
  if (config.get(PG_READONLY_USER_ENABLED)) {
    const name = config.get(PG_READONLY_USER) ?? 'user';
    users.push({ name, password: config.get(PG_READONLY_PASSWORD) ?? '', readOnly: true });
    if (!explicit(PG_READONLY_PASSWORD)) defaults.push(name);
  }
  const readOnly = config.get(PG_SECURITY_READONLY) || config.get(HTTP_SECURITY_READONLY);
  return {
    users, readOnly,
    announce(log: Log, bound: AddressInfo): void {
      const source = http ? 'http.password' : explicit(PG_PASSWORD) ? 'pg.password' : 'default';
      const note = http ? ': the HTTP credentials apply to PostgreSQL too'
        : httpUser && httpPassword ? ': not the HTTP credentials (pg.user or pg.password is set explicitly)' : '';
      log.advisory(`logins [user=${admin.name}, password=${source}]${note}${readOnly ? '; read-only: writes are refused' : ''}`);
      if (defaults.length > 0 && !isLoopback(bound.address)) {
        log.error(`the PostgreSQL listener accepts the default password on a non-loopback address [bind=${bound.address}:${bound.port}, user=${defaults.join(',')}]: `
          + 'anyone who reaches the port can log in and write; set pg.password (or http.user and http.password), or bind pg.net.bind.to to 127.0.0.1');
      }
    },
  };
}

function isLoopback(address: string): boolean {
  return address.startsWith('127.') || address === '::1' || address === '::ffff:127.0.0.1' || address === 'localhost';
}
