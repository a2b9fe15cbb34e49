/**
 * The features' World: boots the real server (default bundle, plus the user plugin modules of
 * `svc-accept --plugins` or `SVC_PLUGINS`) on 127.0.0.1 with ephemeral ports and a temporary root,
 * in-process by default or as a child process (`node dist/core/cli.js`) when a scenario needs signals and
 * exit codes. With `svc-accept --base URL` it starts nothing and talks to that server (world-target.ts);
 * what only a local server offers is then refused (local-only.ts). Everything it starts is stopped in the
 * After hook.
 */
import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { After, IWorldOptions, setDefaultTimeout, setWorldConstructor, World } from '@cucumber/cucumber';
import { RunningServer, startServer } from '../../core/bootstrap';
import { PROJECT_DIR } from '../../core/project';
import { defaultBundle } from '../../plugins/default-bundle';
import { HttpResult, httpRequest, RequestOptions } from './http-client';
import { RemoteRefusal } from './local-only';
import { Listener, WorldTarget, worldTarget } from './world-target';

setDefaultTimeout(60_000);

export type { Listener };

export class SvcWorld extends World {
  readonly target: WorldTarget;
  private readonly rootDir: string | undefined;
  readonly env: Record<string, string> = {
    SVC_HTTP_NET_BIND_TO: '127.0.0.1:0',
    SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0',
  };
  server: RunningServer | undefined;
  startError: Error | undefined;
  console = '';
  response: HttpResult | undefined;
  child: ChildProcess | undefined;
  childOutput = '';
  childExit: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }> | undefined;
  /** Ports a child process listens on, read from its start-up lines. */
  childPorts: { api?: number; min?: number } = {};
  readonly values = new Map<string, string>();
  /** `-Dout=<path>` for the next in-process start. */
  logConfPath: string | undefined;

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

  private remoteEndpoint(listener: Listener): { host: string; port: number } {
    if (this.target.kind !== 'remote') throw new Error('not a remote target');
    const e = this.target.endpoints.get(listener);
    if (!e) throw new Error(`the ${listener} listener's address is unknown: give it to svc-accept (--min URL for the min listener)`);
    return e;
  }

  port(listener: Listener): number {
    if (this.target.kind === 'remote') return this.remoteEndpoint(listener).port;
    const p = this.child
      ? (listener === 'API' ? this.childPorts.api : this.childPorts.min)
      : (listener === 'API' ? this.server?.apiAddress?.port : this.server?.minAddress?.port);
    if (p === undefined) throw new Error(`the ${listener} listener is not running`);
    return p;
  }

  async request(listener: Listener, path: string, options: RequestOptions = {}): Promise<HttpResult> {
    await this.ready();
    this.response = await httpRequest(this.host(listener), this.port(listener), path, options);
    return this.response;
  }

  /** Starts `node dist/core/cli.js -d <root>` and waits until it says it is ready. */
  async spawnServer(): Promise<void> {
    // The acceptance runner's plugins reach a server process through SVC_PLUGINS (absolute paths).
    const plugins = this.pluginModules.length > 0 ? { SVC_PLUGINS: this.pluginModules.join(',') } : {};
    const child = spawn(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', this.root], {
      env: { ...process.env, ...plugins, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.childExit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
    const onData = (c: Buffer): void => {
      this.childOutput += c.toString('utf8');
      const api = /http server listening on [^\s]*:(\d+)/.exec(this.childOutput);
      const min = /http min server listening on [^\s]*:(\d+)/.exec(this.childOutput);
      if (api) this.childPorts.api = Number(api[1]);
      if (min) this.childPorts.min = Number(min[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const deadline = Date.now() + 20_000;
    while (!this.childOutput.includes('server is ready')) {
      if (child.exitCode !== null) throw new Error(`server process exited: ${this.childOutput}`);
      if (Date.now() > deadline) throw new Error(`server process did not become ready: ${this.childOutput}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

setWorldConstructor(SvcWorld);

After(async function (this: SvcWorld) {
  await this.server?.stop();
  if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
    this.child.kill('SIGKILL');
    await this.childExit;
  }
  if (this.target.kind === 'local') rmSync(this.root, { recursive: true, force: true });
});
