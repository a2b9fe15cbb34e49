/**
 * A server started as an operating-system process (`node dist/core/cli.js`, `bin/svc`, `npm start`):
 * its combined output, the ports it announced (`<what> listening on <host>:<port>` lines), its exit.
 * Scenarios about signals, exit codes, start-up errors and two servers on one root use it.
 */
import { ChildProcess, spawn } from 'node:child_process';

export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** performance.now() when it exited. */
  readonly at: number;
}

const LISTENING = /^\S+ A \S+ (.+?) listening on \S*:(\d+)$/gm;

export class ServerProcess {
  readonly child: ChildProcess;
  readonly exit: Promise<ProcessExit>;
  /** Standard output and standard error as they arrived. */
  output = '';
  /** Standard error alone. */
  errors = '';
  /** Announced ports by listener (`http server`, `http min server`, …). */
  readonly ports = new Map<string, number>();

  constructor(command: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd?: string) {
    const child = spawn(command, [...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
    const onData = (c: Buffer): void => {
      this.output += c.toString('utf8');
      for (const m of this.output.matchAll(LISTENING)) this.ports.set(m[1], Number(m[2]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      this.errors += c.toString('utf8');
      onData(c);
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits for `server is ready`; throws with the output when the process exits or takes too long. */
  async waitReady(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.output.includes('server is ready')) {
      if (!this.running) throw new Error(`server process exited: ${this.output}`);
      if (Date.now() > deadline) throw new Error(`server process did not become ready: ${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The exit, or undefined when the process is still running after `timeoutMs`. */
  async waitExit(timeoutMs: number): Promise<ProcessExit | undefined> {
    const timeout = new Promise<undefined>((r) => setTimeout(() => r(undefined), timeoutMs).unref());
    return Promise.race([this.exit, timeout]);
  }

  /** Ends the process (SIGKILL) if it still runs; for clean-up. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exit;
  }
}
