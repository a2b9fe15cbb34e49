/**
 * The real server as a child process for the SIGKILL loop: `node dist/core/cli.js -d <root>` on
 * 127.0.0.1 ephemeral ports, with the crash-loop plugin loaded; ready when it logs `server is ready`.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_DIR } from '../core/project';

export class ServerProcess {
  private constructor(private readonly child: ChildProcess, private readonly exited: Promise<void>, readonly port: number,
    private readonly output: { text: string }) {}

  /** Starts the server and waits (up to `timeoutMs`) until it answers; throws with its output otherwise. */
  static async start(root: string, env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
    const child = spawn(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', root], {
      env: {
        ...process.env,
        SVC_HTTP_NET_BIND_TO: '127.0.0.1:0',
        SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0',
        SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0',
        SVC_PG_NET_BIND_TO: '127.0.0.1:0',
        SVC_PLUGINS: join(PROJECT_DIR, 'dist', 'tools', 'crash-loop-plugin.js'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { text: '' };
    const onData = (c: Buffer): void => { output.text += c.toString('utf8'); };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const deadline = Date.now() + timeoutMs;
    while (!output.text.includes('server is ready')) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited during start-up:\n${output.text}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the server did not start within ${timeoutMs} ms:\n${output.text}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const port = /http server listening on [^\s]*:(\d+)/.exec(output.text);
    if (!port) throw new Error(`no API port in the server's output:\n${output.text}`);
    return new ServerProcess(child, exited, Number(port[1]), output);
  }

  /** Everything the process printed so far (log lines). */
  get log(): string {
    return this.output.text;
  }

  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }
}
