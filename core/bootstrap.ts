/**
 * Assembles and starts a server: root folders, configuration, the DI container with the core services,
 * the plugin bundle and user plugins, log writers, lifecycle services and the two listeners.
 * `stop()` reverses it: listeners stop accepting and finish in-flight requests within the grace period,
 * services stop in reverse order, log writers flush.
 */
import 'reflect-metadata';
import './server/restify-preload';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { isAbsolute, join, relative } from 'node:path';
import { Writable } from 'node:stream';
import { Registry } from 'prom-client';
import { container as rootContainer, DependencyContainer } from 'tsyringe';
import { ServerConfig } from './config/server-config';
import { CAIRO_ROOT, HTTP_ENABLED, HTTP_MIN_ENABLED, HTTP_SHUTDOWN_GRACE, PLUGINS } from './config/server-keys';
import { Environment } from './config/env-overrides';
import { prepareEnvironment } from './config/server-environment';
import { Lifecycle } from './extension/lifecycle';
import { Log, LogFactory } from './log/log';
import { configureLogging } from './log/configure-logging';
import { LogService } from './log/log-service';
import { ErrorCounter } from './metrics/error-counter';
import { ServerMetrics } from './metrics/server-metrics';
import { loadPlugins, Plugin } from './plugin';
import { createPluginApi, PluginApiToken } from './plugin-api';
import { DEFAULT_CONF_DIR, VERSION } from './project';
import { RootDirectory } from './root-directory';
import { RootLock } from './root-lock';
import { BusyPoll } from './server/busy-poll';
import { ApiServer } from './server/api-server';
import { ErrorResponder } from './server/error-responder';
import { ListenerBinder } from './server/listener-binder';
import { MinServer } from './server/min-server';
import { ResponseFraming } from './server/response-framing';
import { ConsoleStream, ServerEnvironment } from './server-tokens';
import { findUserPluginModules, requireUserPlugins } from './user-plugins';


export interface ServerOptions {
  readonly rootDir: string;
  readonly bundle: readonly Plugin[];
  readonly env?: Environment;
  /** `-Debug`: Debug level on every writer (also `SVC_DEBUG`). */
  readonly debug?: boolean;
  /** `-Dout=<path>`: the log.conf to use. */
  readonly logConfPath?: string;
  readonly console?: Writable;
  /** Where the default conf files come from (the project's conf/). */
  readonly defaultConfDir?: string;
  /** Absolute paths of user plugin modules to load besides server.conf's `plugins=` and `<root>/plugins`. */
  readonly pluginModules?: readonly string[];
}

export interface RunningServer {
  readonly container: DependencyContainer;
  readonly root: RootDirectory;
  readonly config: ServerConfig;
  readonly apiAddress: AddressInfo | undefined;
  readonly minAddress: AddressInfo | undefined;
  readonly plugins: readonly string[];
  /** Every bound listener's address by configuration key (`http.net.bind.to`, `pg.net.bind.to`, …). */
  readonly listeners: ReadonlyMap<string, AddressInfo>;
  stop(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const prepared = prepareEnvironment(options.env ?? process.env);
  const env = prepared.env;
  const envOrigin = (name: string): string => prepared.origins.get(name) ?? name;
  const root = new RootDirectory(options.rootDir);
  const copied = root.prepare(options.defaultConfDir ?? DEFAULT_CONF_DIR, ['log.conf']);
  const confPath = join(root.conf, 'server.conf');
  const config = ServerConfig.load({
    confText: existsSync(confPath) ? readFileSync(confPath, 'utf8') : undefined,
    env,
    envOrigin,
    readFile: (p) => readFileSync(root.resolve(p), 'utf8'),
  });
  const locks = lockRoot(root, config);
  const debug = options.debug === true || isDebugEnv(env.SVC_DEBUG);
  const logs = new LogService(debug);
  const log = logs.create('server-main');

  const container = rootContainer.createChildContainer();
  container.registerInstance(ServerConfig, config);
  container.registerInstance(RootDirectory, root);
  container.registerInstance(LogService, logs);
  container.registerInstance(LogFactory, logs);
  container.registerInstance(ErrorCounter, new ErrorCounter());
  container.registerInstance(ServerMetrics, new ServerMetrics());
  container.registerInstance(Registry, new Registry());
  container.registerInstance(ConsoleStream, options.console ?? process.stdout);
  container.registerInstance(ServerEnvironment, env);
  container.registerInstance(PluginApiToken, createPluginApi(container));
  container.registerSingleton(ResponseFraming);
  container.registerSingleton(ErrorResponder);
  container.registerSingleton(ListenerBinder);
  container.registerSingleton(BusyPoll);
  container.registerSingleton(ApiServer);
  container.registerSingleton(MinServer);

  const started: Lifecycle[] = [];
  let api: ApiServer | undefined;
  let min: MinServer | undefined;
  try {
    log.advisory(`svc ${VERSION} starting [root=${root.root}, pid=${process.pid}, node=${process.version}]`);
    if (copied.length > 0) log.advisory(`created default configuration files [${copied.join(', ')}] in ${root.conf}`);
    for (const k of config.unknownKeys) log.advisory(`unknown configuration key in server.conf ignored [key=${k}]`);
    for (const note of prepared.notes) log.advisory(note);

    const userModules = findUserPluginModules(root, [...(options.pluginModules ?? []), ...config.get(PLUGINS)]);
    const plugins = loadPlugins(container, options.bundle, log, requireUserPlugins(userModules));

    configureLogging(container, logs, root, {
      env, logConfPath: options.logConfPath, defaultConfDir: options.defaultConfDir, envOrigins: prepared.origins,
    });

    for (const service of resolveAll<Lifecycle>(container, Lifecycle)) {
      await service.start();
      started.push(service);
    }
    let apiAddress: AddressInfo | undefined;
    let minAddress: AddressInfo | undefined;
    if (config.get(HTTP_ENABLED)) {
      api = container.resolve(ApiServer);
      apiAddress = await api.start();
    }
    if (config.get(HTTP_MIN_ENABLED)) {
      min = container.resolve(MinServer);
      minAddress = await min.start();
    }
    log.advisory('server is ready');
    let stopping: Promise<void> | undefined;
    const stop = (): Promise<void> => {
      stopping ??= shutdown(log, logs, config, api, min, started).finally(() => releaseAll(locks));
      return stopping;
    };
    const listeners = container.resolve(ListenerBinder).addresses();
    return { container, root, config, apiAddress, minAddress, plugins, listeners, stop };
  } catch (e) {
    await shutdown(log, logs, config, api, min, started).catch(() => undefined);
    releaseAll(locks);
    throw e;
  }
}

/** Locks the root, and the table folder too when `cairo.root` puts it outside the root. */
function lockRoot(root: RootDirectory, config: ServerConfig): RootLock[] {
  const locks = [RootLock.acquire(root.root)];
  const db = root.db(config.get(CAIRO_ROOT) ?? 'db');
  const inside = relative(root.root, db);
  if (inside.startsWith('..') || isAbsolute(inside)) {
    try {
      mkdirSync(db, { recursive: true });
      locks.push(RootLock.acquire(db, `${root.root} (its cairo.root ${db})`));
    } catch (e) {
      releaseAll(locks);
      throw e;
    }
  }
  return locks;
}

function releaseAll(locks: readonly RootLock[]): void {
  for (const lock of locks) lock.release();
}

async function shutdown(log: Log, logs: LogService, config: ServerConfig, api: ApiServer | undefined,
  min: MinServer | undefined, started: Lifecycle[]): Promise<void> {
  const grace = config.get(HTTP_SHUTDOWN_GRACE);
  log.advisory('server stopping');
  await Promise.all([api?.stop(grace), min?.stop(grace)]);
  for (const service of [...started].reverse()) {
    try {
      await service.stop();
    } catch (e) {
      log.critical(`service failed to stop [service=${service.name}] ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  log.advisory('server stopped');
  await logs.close();
}

/** All registrations of a token, or none (tsyringe throws when a token has no registration). */
export function resolveAll<T>(container: DependencyContainer, token: symbol): T[] {
  return container.isRegistered(token, true) ? container.resolveAll<T>(token) : [];
}

function isDebugEnv(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v.toLowerCase() !== 'false' && v !== '0';
}
