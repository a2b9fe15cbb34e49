/**
 * The server a multipart fuzz run hammers: started as its own process on a temporary root with ephemeral
 * ports (so its resident memory is its own, a crash is seen as an exit, and its log can be read), sampled
 * for RSS, and probed by a second client running `select 1` throughout (the longest answer is the stall a
 * concurrent client saw).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface HttpAnswer {
  readonly status: number;
  readonly body: string;
}

const LISTENING = /http server listening on \S*:(\d+)/;

export class FuzzTarget {
  readonly root = mkdtempSync(join(tmpdir(), 'svc-multipart-fuzz-'));
  private readonly child: ChildProcess;
  output = '';
  port = 0;
  private exitCode: number | null | undefined;
  private readonly probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(cliPath: string, env: Readonly<Record<string, string>> = {}) {
    this.child = spawn(process.execPath, [cliPath, '-d', this.root], {
      env: {
        ...process.env, SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0', SVC_PG_NET_BIND_TO: '127.0.0.1:0',
        SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0', ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (c: Buffer): void => { this.output += c.toString('utf8'); if (this.output.length > 4e6) this.output = this.output.slice(-2e6); };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.child.on('exit', (code) => { this.exitCode = code; });
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  async ready(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.output.includes('server is ready')) {
      if (!this.alive) throw new Error(`the server exited: ${this.output.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error('the server did not become ready');
      await new Promise((r) => setTimeout(r, 50));
    }
    const m = LISTENING.exec(this.output);
    if (!m) throw new Error('no API port in the log');
    this.port = Number(m[1]);
  }

  /** Resident memory in bytes (Linux /proc), or 0 when not readable. */
  rss(): number {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  }

  /** Critical log lines (anything unexpected in the server logs at level C). */
  criticalLines(): string[] {
    return this.output.split('\n').filter((l) => /^\S+ C /.test(l));
  }

  /** GET `path`; `probe` uses the one kept-alive connection of the `select 1` client. */
  get(path: string, probe = false, timeoutMs = 30_000): Promise<HttpAnswer> {
    return new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port: this.port, path, agent: probe ? this.probeAgent : false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: -1, body: 'response error' }));
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
      req.on('error', (e) => resolve({ status: -1, body: e.message }));
      req.end();
    });
  }

  /** Rows in `table`, or 0 when it does not exist. */
  async rowsIn(table: string): Promise<number> {
    const r = await this.get(`/exec?query=${encodeURIComponent(`select count() from '${table}'`)}`);
    if (r.status !== 200) return 0;
    const m = /"dataset":\[\[(\d+)\]\]/.exec(r.body);
    return m ? Number(m[1]) : 0;
  }

  async stop(): Promise<void> {
    this.probeAgent.destroy();
    if (this.alive) {
      this.child.kill('SIGTERM');
      const killed = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await new Promise((r) => this.child.once('exit', r));
      clearTimeout(killed);
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}
