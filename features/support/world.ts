/**
 * The features' World: boots the real server (default bundle) on 127.0.0.1 with ephemeral ports and a
 * temporary root, in-process by default or as a child process (`node dist/core/cli.js`) when a scenario
 * needs signals and exit codes. Everything it starts is stopped in the After hook.
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

setDefaultTimeout(60_000);

export type Listener = 'API' | 'min';

export class SvcWorld extends World {
  readonly root: string;
  readonly env: Record<string, string> = {
    SVC_HTTP_NET_BIND_TO: '127.0.0.1:0',
    SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0',
    SVC_PG_NET_BIND_TO: '127.0.0.1:0',
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
    this.root = mkdtempSync(join(tmpdir(), 'svc-feature-'));
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
      this.server = await startServer({ rootDir: this.root, bundle: defaultBundle, env: { ...this.env }, console: out, logConfPath: this.logConfPath });
      this.startError = undefined;
    } catch (e) {
      this.startError = e instanceof Error ? e : new Error(String(e));
    }
  }

  async ensureStarted(): Promise<RunningServer> {
    if (!this.server) await this.start();
    if (!this.server) throw new Error(`server failed to start: ${this.startError?.message}`);
    return this.server;
  }

  port(listener: Listener): number {
    const p = this.child
      ? (listener === 'API' ? this.childPorts.api : this.childPorts.min)
      : (listener === 'API' ? this.server?.apiAddress?.port : this.server?.minAddress?.port);
    if (p === undefined) throw new Error(`the ${listener} listener is not running`);
    return p;
  }

  async request(listener: Listener, path: string, options: RequestOptions = {}): Promise<HttpResult> {
    if (!this.child) await this.ensureStarted();
    this.response = await httpRequest('127.0.0.1', this.port(listener), path, options);
    return this.response;
  }

  /** Starts `node dist/core/cli.js -d <root>` and waits until it says it is ready. */
  async spawnServer(): Promise<void> {
    const child = spawn(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', this.root], {
      env: { ...process.env, ...this.env },
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
  rmSync(this.root, { recursive: true, force: true });
});
