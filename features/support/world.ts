/**
 * The features' World: boots the real server (default bundle, plus the user plugin modules of
 * `svc-accept --plugins` or `SVC_PLUGINS`) on 127.0.0.1 with ephemeral ports and a temporary root,
 * in-process by default or as a child process (`node dist/core/cli.js`) when a scenario needs signals and
 * exit codes. With `svc-accept --base URL` it starts nothing and talks to that server (world-target.ts);
 * what only a local server offers is then refused (local-only.ts). Everything it starts is stopped in the
 * After hook.
 */
import 'reflect-metadata';
import { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { After, IWorldOptions, setDefaultTimeout, setWorldConstructor, World } from '@cucumber/cucumber';
import { RunningServer, startServer } from '../../core/bootstrap';
import { PROJECT_DIR } from '../../core/project';
import { defaultBundle } from '../../plugins/default-bundle';
import { PgServer } from '../../plugins/pg-wire/pg-server';
import { LineTcpServer } from '../../plugins/tcp-ilp/tcp-server';
import { HttpResult, httpRequest, RequestOptions } from './http-client';
import { RemoteRefusal } from './local-only';
import { Endpoint, Listener, LISTENERS, WorldTarget, worldTarget } from './world-target';
import { ProcessExit, ServerProcess } from './server-process';

setDefaultTimeout(60_000);

export type { Listener };

export class SvcWorld extends World {
  readonly target: WorldTarget;
  private readonly rootDir: string | undefined;
  readonly env: Record<string, string> = {
    SVC_HTTP_NET_BIND_TO: '127.0.0.1:0',
    SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0',
    SVC_PG_NET_BIND_TO: '127.0.0.1:0',
    SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0',
  };
  server: RunningServer | undefined;
  startError: Error | undefined;
  console = '';
  response: HttpResult | undefined;
  /** The server process a scenario talks to, when it runs as one (signals, exit codes). */
  serverProcess: ServerProcess | undefined;
  /** Every process a scenario started; all are killed in the After hook. */
  readonly processes: ServerProcess[] = [];
  readonly values = new Map<string, string>();
  /** `-Dout=<path>` for the next in-process start. */
  logConfPath: string | undefined;

  get child(): ChildProcess | undefined {
    return this.serverProcess?.child;
  }

  get childOutput(): string {
    return this.serverProcess?.output ?? '';
  }

  get childExit(): Promise<ProcessExit> | undefined {
    return this.serverProcess?.exit;
  }

  /** Ports the server process listens on, read from its start-up lines. */
  get childPorts(): { api?: number; min?: number; tcp?: number; pg?: number } {
    const ports = this.serverProcess?.ports;
    return {
      api: ports?.get('http server'), min: ports?.get('http min server'), tcp: ports?.get('line tcp server'), pg: ports?.get('pg wire server'),
    };
  }

  constructor(options: IWorldOptions) {
    super(options);
    this.target = worldTarget(options.parameters, process.env);
    this.rootDir = this.target.kind === 'local' ? mkdtempSync(join(tmpdir(), 'svc-feature-')) : undefined;
  }

  /** The base URL when the steps talk to a running server (`svc-accept --base`), else undefined. */
  get remoteBase(): string | undefined {
    return this.target.kind === 'remote' ? this.target.base : undefined;
  }

  /** The temporary root of the server this World starts. */
  get root(): string {
    if (this.rootDir === undefined) throw new RemoteRefusal('root', this.remoteBase ?? '');
    return this.rootDir;
  }

  private get pluginModules(): readonly string[] {
    return this.target.kind === 'local' ? this.target.pluginModules : [];
  }

  writeRootFile(relativePath: string, content: string): void {
    const path = join(this.root, relativePath);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }

  async start(): Promise<void> {
    const out = new PassThrough();
    out.on('data', (c: Buffer) => { this.console += c.toString('utf8'); });
    try {
      this.server = await startServer({
        rootDir: this.root, bundle: defaultBundle, env: { ...this.env }, console: out, logConfPath: this.logConfPath,
        pluginModules: this.pluginModules,
      });
      this.startError = undefined;
    } catch (e) {
      this.startError = e instanceof Error ? e : new Error(String(e));
    }
  }

  async ensureStarted(): Promise<RunningServer> {
    if (this.target.kind === 'remote') throw new RemoteRefusal('in-process', this.target.base);
    if (!this.server) await this.start();
    if (!this.server) throw new Error(`server failed to start: ${this.startError?.message}`);
    return this.server;
  }

  /** Makes sure there is a server to talk to: starts the in-process one unless a process or a remote one is used. */
  async ready(): Promise<void> {
    if (this.target.kind === 'local' && !this.child) await this.ensureStarted();
  }

  /** The host a listener is reached at. */
  host(listener: Listener): string {
    return this.target.kind === 'remote' ? this.remoteEndpoint(listener).host : '127.0.0.1';
  }

  private remoteEndpoint(listener: Listener): Endpoint {
    if (this.target.kind !== 'remote') throw new Error('not a remote target');
    const e = this.target.endpoints.get(listener);
    if (!e) {
      const { title, option } = LISTENERS[listener];
      throw new Error(`refused: this step needs the ${title} listener; give its address to svc-accept with ${option}`);
    }
    return e;
  }

  port(listener: Listener): number {
    if (this.target.kind === 'remote') return this.remoteEndpoint(listener).port;
    if (listener === 'ILP') return this.tcpPort();
    if (listener === 'PG') return this.pgPort();
    const p = this.child
      ? (listener === 'API' ? this.childPorts.api : this.childPorts.min)
      : (listener === 'API' ? this.server?.apiAddress?.port : this.server?.minAddress?.port);
    if (p === undefined) throw new Error(`the ${listener} listener is not running`);
    return p;
  }

  /** The line-protocol TCP listener's host. */
  tcpHost(): string {
    return this.host('ILP');
  }

  /** The line-protocol TCP listener's port. */
  tcpPort(): number {
    if (this.target.kind === 'remote') return this.remoteEndpoint('ILP').port;
    const p = this.child ? this.childPorts.tcp : this.server?.container.resolve(LineTcpServer).address?.port;
    if (p === undefined) throw new Error('the line protocol TCP listener is not running');
    return p;
  }

  /** The in-process server's PostgreSQL listener's port (pg-world.ts starts the server first). */
  private pgPort(): number {
    const p = this.child ? this.childPorts.pg : this.server?.container.resolve(PgServer).address()?.port;
    if (p === undefined) throw new Error('the PostgreSQL listener is not running');
    return p;
  }

  async request(listener: Listener, path: string, options: RequestOptions = {}): Promise<HttpResult> {
    await this.ready();
    this.response = await httpRequest(this.host(listener), this.port(listener), path, options);
    return this.response;
  }

  /**
   * Starts a server process on this scenario's root (`node dist/core/cli.js -d <root>` unless another
   * command is given) with the scenario's environment; it does not wait for it to be ready.
   */
  startProcess(command: string = process.execPath, args: readonly string[] = [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', this.root],
    cwd?: string): ServerProcess {
    // The acceptance runner's plugins reach a server process through SVC_PLUGINS (absolute paths).
    const plugins = this.pluginModules.length > 0 ? { SVC_PLUGINS: this.pluginModules.join(',') } : {};
    const p = new ServerProcess(command, args, { ...process.env, ...plugins, ...this.env }, cwd);
    this.processes.push(p);
    return p;
  }

  /** Starts `node dist/core/cli.js -d <root>` as the scenario's server process and waits until it says it is ready. */
  async spawnServer(): Promise<void> {
    this.serverProcess = this.startProcess();
    await this.serverProcess.waitReady();
  }
}

setWorldConstructor(SvcWorld);

After(async function (this: SvcWorld) {
  await this.server?.stop();
  await Promise.all(this.processes.map((p) => p.kill()));
  if (this.target.kind === 'local') rmSync(this.root, { recursive: true, force: true });
});
