/**
 * Where the features' steps send their requests. `local` (the default): a server the World starts itself,
 * in-process, with a temporary root, loading the user plugin modules given by the acceptance runner
 * (`--plugins`) or the `SVC_PLUGINS` environment variable. `remote`: a server that already runs
 * (`svc-accept --base URL`); the World starts nothing, and steps that need the server's root, log or
 * process are refused (local-only.ts).
 */
import { isAbsolute, resolve } from 'node:path';

export type Listener = 'API' | 'min';

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
    return { kind: 'remote', base: p.base, endpoints };
  }
  const listed = p.plugins ?? (env.SVC_PLUGINS ?? '').split(',').map((m) => m.trim()).filter((m) => m !== '');
  return { kind: 'local', pluginModules: listed.map((m) => (isAbsolute(m) ? m : resolve(cwd, m))) };
}
