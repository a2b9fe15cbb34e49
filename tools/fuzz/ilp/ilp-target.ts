/**
 * The server the line-protocol fuzzer runs against: the real server as a child process (`node
 * dist/core/cli.js -d <temporary root>`, every listener on 127.0.0.1 with a free port, metrics on), and the
 * ways the fuzzer talks to it: POST /write (plain or gzip, whole or in small chunks), a TCP connection that
 * sends and ends its side and reports how the server ended it, /exec, the process's RSS and the unhandled
 * error counter, and a watchdog that runs `select 1` in a loop and keeps the longest wait.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_DIR } from '../../../core/project';
import { ServerProcess } from '../../../features/support/server-process';

export interface HttpAnswer {
  readonly status: number;
  readonly body: string;
}

/** How the server ended a TCP connection: FIN after ours ('end'), a reset, or not within the wait ('open'). */
export type TcpEnding = 'end' | 'reset' | 'open';

export class IlpTarget {
  private stopWatch = false;
  longestSelect1 = 0;
  select1Count = 0;

  private constructor(readonly server: ServerProcess, private readonly root: string, readonly api: number, readonly tcp: number) {}

  static async start(env: Record<string, string>): Promise<IlpTarget> {
    const root = mkdtempSync(join(tmpdir(), 'svc-ilp-fuzz-'));
    const server = new ServerProcess(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', root], {
      ...process.env, SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0', SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0',
      SVC_PG_NET_BIND_TO: '127.0.0.1:0', SVC_METRICS_ENABLED: 'true', ...env,
    });
    // The server never outlives the fuzzer, whichever way it ends.
    const kill = (): void => { if (server.running) server.child.kill('SIGKILL'); };
    process.once('exit', kill);
    void server.exit.then(() => process.removeListener('exit', kill));
    await server.waitReady(60_000);
    const api = server.ports.get('http server');
    const tcp = server.ports.get('line tcp server');
    if (api === undefined || tcp === undefined) throw new Error(`no API or TCP port in the server's output:\n${server.output}`);
    return new IlpTarget(server, root, api, tcp);
  }

  /**
   * POSTs `body` to /write; `chunk` > 0 sends it in pieces of that size. A connection the server cuts before
   * its answer (EPIPE, ECONNRESET) is status 0 with the error as the body: /write reads a body to its end first.
   */
  write(body: Buffer, options: { gzip?: boolean; query?: string; chunk?: number } = {}): Promise<HttpAnswer> {
    return new Promise((resolve) => {
      const reject = (e: Error): void => resolve({ status: 0, body: `connection cut before the answer: ${e.message}` });
      const headers: Record<string, string> = options.gzip ? { 'Content-Encoding': 'gzip' } : {};
      const req = request({ host: '127.0.0.1', port: this.api, path: `/write${options.query ?? ''}`, method: 'POST', headers, agent: false }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      const chunk = options.chunk ?? 0;
      if (chunk <= 0) { req.end(body); return; }
      const send = (at: number): void => {
        if (at >= body.length) { req.end(); return; }
        req.write(body.subarray(at, at + chunk));
        setImmediate(() => send(at + chunk));
      };
      send(0);
    });
  }

  /** Sends `body` over a new TCP connection, ends our side, and waits (up to `ms`) for the server to end it. */
  sendTcp(body: Buffer, ms = 30_000): Promise<TcpEnding> {
    return new Promise((resolve) => {
      let ending: TcpEnding = 'open';
      const socket = connect(this.tcp, '127.0.0.1', () => socket.end(body));
      const timer = setTimeout(() => { socket.destroy(); resolve('open'); }, ms);
      socket.on('data', () => undefined);
      socket.on('end', () => { if (ending === 'open') ending = 'end'; });
      socket.on('error', () => { ending = 'reset'; });
      socket.on('close', () => { clearTimeout(timer); resolve(ending); });
    });
  }

  async exec(sql: string): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: this.api, path: `/exec?query=${encodeURIComponent(sql)}`, agent: false }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** Runs `select 1` every 50 ms until `stopWatchdog`, keeping the longest round trip. */
  async watchdog(): Promise<void> {
    while (!this.stopWatch && this.server.running) {
      const started = Date.now();
      try {
        await this.exec('select 1');
      } catch {
        // The server is gone: the run reports the crash.
      }
      this.longestSelect1 = Math.max(this.longestSelect1, Date.now() - started);
      this.select1Count++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  stopWatchdog(): void {
    this.stopWatch = true;
  }

  /** The server process's resident set size in MB (Linux /proc), or NaN. */
  rssMb(): number {
    try {
      const status = readFileSync(`/proc/${this.server.child.pid}/status`, 'utf8');
      const m = /VmRSS:\s+(\d+) kB/.exec(status);
      return m ? Number(m[1]) / 1024 : NaN;
    } catch {
      return NaN;
    }
  }

  /** `svc_unhandled_errors_total` from /metrics on the min listener. */
  async unhandledErrors(): Promise<number> {
    const min = this.server.ports.get('http min server');
    const body = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: min, path: '/metrics', agent: false }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      });
      req.on('error', reject);
      req.end();
    });
    const m = /^svc_unhandled_errors_total(?:\{[^}]*\})? (\d+)/m.exec(body);
    return m ? Number(m[1]) : 0;
  }

  async stop(): Promise<void> {
    this.stopWatchdog();
    await this.server.kill();
    rmSync(this.root, { recursive: true, force: true });
  }
}
