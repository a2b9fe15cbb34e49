/**
 * Where the features' steps send their requests. `local` (the default): a server the World starts itself,
 * in-process, with a temporary root, loading the user plugin modules given by the acceptance runner
 * (`--plugins`) or the `SVC_PLUGINS` environment variable. `remote`: a server that already runs
 * (`svc-accept --base URL`, with `--min URL`, `--ilp HOST:PORT` and `--pg HOST:PORT` for its other
 * listeners); the World starts nothing, and steps that need the server's root, log or process are refused
 * (local-only.ts), as are steps that need a listener whose address was not given.
 */
import { isAbsolute, resolve } from 'node:path';

/** The server's listeners: HTTP (API, min), line protocol over TCP (ILP) and PostgreSQL wire (PG). */
export type Listener = 'API' | 'min' | 'ILP' | 'PG';

/** Each listener as messages name it, and the svc-accept option that gives its address against a running server. */
export const LISTENERS: Readonly<Record<Listener, { readonly title: string; readonly option: string }>> = {
  API: { title: 'API', option: '--base URL' },
  min: { title: 'min', option: '--min URL' },
  ILP: { title: 'line protocol TCP', option: '--ilp HOST:PORT' },
  PG: { title: 'PostgreSQL', option: '--pg HOST:PORT' },
};

export interface Endpoint {
  readonly host: string;
  readonly port: number;
}

export interface LocalTarget {
  readonly kind: 'local';
  /** Absolute paths of user plugin modules, loaded after the default bundle. */
  readonly pluginModules: readonly string[];
}

export interface RemoteTarget {
  readonly kind: 'remote';
  /** The API listener's URL as given (`--base`). */
  readonly base: string;
  readonly endpoints: ReadonlyMap<Listener, Endpoint>;
}

export type WorldTarget = LocalTarget | RemoteTarget;

/** What the acceptance runner passes as Cucumber world parameters. */
export interface TargetParameters {
  readonly plugins?: readonly string[];
  readonly base?: string;
  readonly min?: string;
  readonly ilp?: string;
  readonly pg?: string;
}

/** An `http://host:port` URL as an endpoint; throws on anything else (https, a path, no port). */
export function endpointOf(url: string, what: string): Endpoint {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`${what} is not a URL: ${url}`);
  }
  if (u.protocol !== 'http:') throw new Error(`${what} must be an http:// URL: ${url}`);
  if (u.pathname !== '/' || u.search !== '' || u.hash !== '') throw new Error(`${what} must be scheme, host and port only: ${url}`);
  const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  return { host, port: u.port === '' ? 80 : Number(u.port) };
}

/** A `HOST:PORT` (`[v6]:PORT` for an IPv6 address) as an endpoint; throws on anything else. */
export function hostPortOf(text: string, what: string): Endpoint {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^\s:/[\]@]+)):(\d{1,5})$/.exec(text);
  const port = m ? Number(m[3]) : 0;
  if (!m || port < 1 || port > 65535) throw new Error(`${what} must be HOST:PORT (a port from 1 to 65535): ${text}`);
  return { host: m[1] ?? m[2], port };
}

function parametersOf(x: unknown): TargetParameters {
  if (typeof x !== 'object' || x === null) return {};
  const p = x as Record<string, unknown>;
  const svc = p.svc;
  if (typeof svc !== 'object' || svc === null) return {};
  const s = svc as Record<string, unknown>;
  const plugins = Array.isArray(s.plugins) ? s.plugins.filter((m): m is string => typeof m === 'string') : undefined;
  return {
    plugins,
    base: typeof s.base === 'string' ? s.base : undefined,
    min: typeof s.min === 'string' ? s.min : undefined,
    ilp: typeof s.ilp === 'string' ? s.ilp : undefined,
    pg: typeof s.pg === 'string' ? s.pg : undefined,
  };
}

/**
 * The target from Cucumber's world parameters (`{ svc: TargetParameters }`), else from `SVC_PLUGINS`, whose
 * relative paths are relative to where the user typed the command (`npm run` moves to the project folder
 * and keeps that one in INIT_CWD).
 */
export function worldTarget(worldParameters: unknown, env: NodeJS.ProcessEnv, cwd = env.INIT_CWD ?? process.cwd()): WorldTarget {
  const p = parametersOf(worldParameters);
  if (p.base !== undefined) {
    const endpoints = new Map<Listener, Endpoint>([['API', endpointOf(p.base, '--base')]]);
    if (p.min !== undefined) endpoints.set('min', endpointOf(p.min, '--min'));
    if (p.ilp !== undefined) endpoints.set('ILP', hostPortOf(p.ilp, '--ilp'));
    if (p.pg !== undefined) endpoints.set('PG', hostPortOf(p.pg, '--pg'));
    return { kind: 'remote', base: p.base, endpoints };
  }
  const listed = p.plugins ?? (env.SVC_PLUGINS ?? '').split(',').map((m) => m.trim()).filter((m) => m !== '');
  return { kind: 'local', pluginModules: listed.map((m) => (isAbsolute(m) ? m : resolve(cwd, m))) };
}
