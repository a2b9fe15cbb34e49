/**
 * Docs are written for a server on its default ports (`localhost:9000`, `psql -p 8812`); the docs
 * runner's server listens on ephemeral ports. This rewrites, in a block about to run, every default
 * port of a listener (taken from the key table, so a new listener's port is covered as soon as its key
 * exists) where it follows `localhost`/`127.0.0.1` (`localhost:9000`, `("localhost", 9009)`) or a port
 * option (`-p 8812`, `--port 8812`, `--port=8812`, `port=8812`, `port: 8812`, `PGPORT=8812`).
 * `localhost` before a port becomes `127.0.0.1`, where the test server listens.
 */
import { HostPort } from '../core/config/config-key';
import { ConfigKey } from '../core/config/config-key';

/** Listener names a block can declare with `needs=`, and the key that binds each. */
export const LISTENER_KEYS: Readonly<Record<string, string>> = {
  http: 'http.net.bind.to',
  min: 'http.min.net.bind.to',
  ilp: 'line.tcp.net.bind.to',
  pg: 'pg.net.bind.to',
};

function isHostPort(v: unknown): v is HostPort {
  return typeof v === 'object' && v !== null && typeof (v as HostPort).port === 'number' && typeof (v as HostPort).host === 'string';
}

/** The address keys of a key table with their default ports. */
export function addressKeys(keys: readonly ConfigKey<unknown>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of keys) {
    if (k.defaultText === undefined) continue;
    const v = k.parse(k.defaultText);
    if (isHostPort(v)) out.set(k.name, v.port);
  }
  return out;
}

/** Replaces default ports (keys of `ports`) by the running ones (values) in the places listed above. */
export function rewritePorts(text: string, ports: ReadonlyMap<number, number>): string {
  if (ports.size === 0) return text;
  const alternatives = [...ports.keys()].join('|');
  const afterHost = new RegExp(`\\b(localhost|127\\.0\\.0\\.1)(:|['"]?\\s*,\\s*)(${alternatives})\\b`, 'g');
  const afterOption = new RegExp(`(^|[\\s(,])(-p\\s*|--port[=\\s]\\s*|port\\s*[=:]\\s*|PGPORT=)(${alternatives})\\b`, 'g');
  return text
    .replace(afterHost, (_m, host: string, sep: string, port: string) =>
      `${host === 'localhost' ? '127.0.0.1' : host}${sep}${ports.get(Number(port))}`)
    .replace(afterOption, (_m, lead: string, option: string, port: string) => `${lead}${option}${ports.get(Number(port))}`);
}
