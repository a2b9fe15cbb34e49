/**
 * Binds every listener to the address its configuration key gives, the same way for all of them (the
 * HTTP API, the min listener, line protocol over TCP, PostgreSQL wire, a plugin's own socket). A bind
 * that fails (port in use, an address this machine does not have, a host name that does not resolve,
 * a privileged port) stops start-up with one line naming the key, its value, where the value came from
 * and the environment variable that overrides it, e.g.
 * `cannot listen on http.net.bind.to [value=0.0.0.0:9000, source=default, env=SVC_HTTP_NET_BIND_TO]:
 * address already in use; another process listens on that port (EADDRINUSE)`. A bound listener is logged (`<what> listening on <address>`) and
 * its address recorded by key, so callers (tests, the docs runner) find every listener's real port.
 *
 * Usage from a plugin's Lifecycle: `await container.resolve(ListenerBinder).listen(server, PG_BIND_TO, 'pg server')`.
 */
import { AddressInfo, Server } from 'node:net';
import { inject, injectable } from 'tsyringe';
import { ConfigKey, HostPort } from '../config/config-key';
import { ServerConfig } from '../config/server-config';
import { SettingOrigin, settingError } from '../config/setting-origin';
import { SvcError } from '../errors';
import { Log, LogFactory } from '../log/log';
import { formatAddress, listen } from './graceful-close';

const REASONS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'address already in use; another process listens on that port',
  EADDRNOTAVAIL: 'address not available; this machine has no interface with that address',
  EACCES: 'permission denied; ports below 1024 need privileges',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  EAI_FAIL: 'host name lookup failed',
  EINVAL: 'invalid address',
  EAFNOSUPPORT: 'address family not supported',
};

/** The start-up error for a listener that could not bind: key, value, source, variable and the reason. */
export function bindFailure(origin: SettingOrigin, cause: unknown): SvcError {
  const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  const reason = typeof code === 'string' && REASONS[code] !== undefined
    ? `${REASONS[code]} (${code})`
    : cause instanceof Error ? cause.message : String(cause);
  return settingError('cannot listen on', origin, reason, cause);
}

@injectable()
export class ListenerBinder {
  private readonly bound = new Map<string, AddressInfo>();
  private readonly log: Log;

  constructor(
    @inject(ServerConfig) private readonly config: ServerConfig,
    @inject(LogFactory) logs: LogFactory,
  ) {
    this.log = logs.create('server-main');
  }

  /** Listens with a node server (http, net) on the key's address. */
  listen(server: Server, key: ConfigKey<HostPort>, what: string): Promise<AddressInfo> {
    return this.bind(key, what, ({ host, port }) => listen(server, host, port));
  }

  /**
   * Binds through `start` (for a socket opened elsewhere, e.g. in a worker thread), which gets the
   * configured address and rejects with the socket error (its `code` names the reason).
   */
  async bind(key: ConfigKey<HostPort>, what: string, start: (address: HostPort) => Promise<AddressInfo>): Promise<AddressInfo> {
    let address: AddressInfo;
    try {
      address = await start(this.config.get(key));
    } catch (e) {
      throw bindFailure(this.config.origin(key), e);
    }
    this.bound.set(key.name, address);
    this.log.advisory(`${what} listening on ${formatAddress(address)}`);
    return address;
  }

  /** The bound address of every listener, by configuration key name. */
  addresses(): ReadonlyMap<string, AddressInfo> {
    return this.bound;
  }
}
