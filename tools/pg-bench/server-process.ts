/** The real server as a child process on ephemeral ports; its HTTP and PostgreSQL ports read from its log. */
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_DIR } from '../../core/project';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly http: number;
  readonly pg: number;
  /** CPU time the server has used so far, in ms (user + system, from /proc). */
  cpuMs(): number;
  stop(): void;
}

export async function startServer(root: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', root], {
    env: { ...process.env, SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0', SVC_PG_NET_BIND_TO: '127.0.0.1:0', SVC_PG_NET_CONNECTION_LIMIT: '256' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => { out += c.toString(); });
  child.stderr?.on('data', (c: Buffer) => { out += c.toString(); });
  const deadline = Date.now() + 30_000;
  while (!out.includes('server is ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const port = (what: string): number => Number(new RegExp(`${what} listening on [^\\s]*:(\\d+)`).exec(out)?.[1]);
  const ticks = 100; // USER_HZ on Linux
  return {
    child, http: port('http server'), pg: port('pg wire server'),
    cpuMs: () => {
      const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(f[11]) + Number(f[12])) / ticks) * 1000;
    },
    stop: () => { child.kill('SIGTERM'); },
  };
}
