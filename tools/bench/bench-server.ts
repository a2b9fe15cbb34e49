/**
 * A server for the bench: a build of svc (this project's, or another checkout's with `--server DIR`)
 * started as a child process on a fresh temporary root with ephemeral ports, so its memory and CPU are
 * its own: peak RSS is the kernel's VmHWM of that process.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class BenchServer {
  private constructor(readonly label: string, private readonly child: ChildProcess, readonly port: number, private readonly root: string,
    /** The line-protocol TCP listener's port. */
    readonly tcpPort: number) {}

  /** Starts `<projectDir>/dist/core/cli.js`; `env` adds SVC_ settings. Resolves once it is ready. */
  static async start(label: string, projectDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
    const root = mkdtempSync(join(tmpdir(), 'svc-bench-root-'));
    // The server's output goes to a file, not a pipe: reading a pipe would put every log line on this process's
    // event loop, inside the query times it measures.
    const outFile = join(root, 'server.out');
    const outFd = openSync(outFile, 'w');
    const child = spawn(process.execPath, [join(projectDir, 'dist', 'core', 'cli.js'), '-d', join(root, 'db')], {
      env: { ...process.env, SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0',
        // Every other listener on an ephemeral port too (a name the server does not know is ignored with a note).
        SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0', SVC_PG_NET_BIND_TO: '127.0.0.1:0', ...env },
      stdio: ['ignore', outFd, outFd],
    });
    closeSync(outFd);
    const deadline = performance.now() + 120_000;
    for (;;) {
      const out = readFileSync(outFile, 'utf8');
      const port = /http server listening on [^\s]*:(\d+)/.exec(out)?.[1];
      if (port && out.includes('server is ready')) return new BenchServer(label, child, Number(port), root, Number(/line tcp server listening on [^\s]*:(\d+)/.exec(out)?.[1] ?? NaN));
      if (child.exitCode !== null || performance.now() > deadline) {
        rmSync(root, { recursive: true, force: true });
        throw new Error(`${label}: the server did not start:\n${out.slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The process has not exited (a fuzzer restarts a server that crashed). */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The port a listener announced at start-up (`line tcp`, `pg wire`, `http min`); NaN if it did not. */
  listenerPort(listener: string): number {
    const out = this.output(1_000_000);
    return Number(new RegExp(`${listener} server listening on [^\\s]*:(\\d+)`).exec(out)?.[1] ?? NaN);
  }

  /** How the process ended (`exit code 1`, `signal SIGKILL`), or `running`. */
  exitStatus(): string {
    if (this.child.signalCode !== null) return `signal ${this.child.signalCode}`;
    return this.child.exitCode !== null ? `exit code ${this.child.exitCode}` : 'running';
  }

  /** The last lines the server printed (its log on stdout). */
  output(chars = 4000): string {
    try {
      return readFileSync(join(this.root, 'server.out'), 'utf8').slice(-chars);
    } catch {
      return '';
    }
  }

  private status(field: string): number {
    try {
      const text = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN);
    } catch {
      return NaN;
    }
  }

  /** The process's peak resident memory so far, MB (Linux; NaN elsewhere). */
  peakRssMb(): number {
    return this.status('VmHWM') / 1024;
  }

  /** The process's resident memory now, MB (Linux; NaN elsewhere). */
  rssMb(): number {
    return this.status('VmRSS') / 1024;
  }

  /** CPU seconds the process used so far (user + system; Linux). */
  cpuSeconds(): number {
    try {
      const fields = readFileSync(`/proc/${this.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return NaN;
    }
  }

  /** At once, for a process that is exiting: SIGKILL to the server, its root removed. */
  kill(): void {
    if (this.alive) this.child.kill('SIGKILL');
    rmSync(this.root, { recursive: true, force: true });
  }

  async stop(): Promise<void> {
    if (this.alive) {
      const exited = new Promise((r) => this.child.once('exit', r));
      this.child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}
