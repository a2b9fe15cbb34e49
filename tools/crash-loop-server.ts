/**
 * The real server as a child process for the SIGKILL loop: `node dist/core/cli.js -d <root>` on
 * 127.0.0.1 ephemeral ports with the crash-loop plugin loaded, ready once it logs `server is ready`.
 */
import { join } from 'node:path';
import { PROJECT_DIR } from '../core/project';
import { ServerProcess } from '../features/support/server-process';

export interface CrashLoopServer {
  readonly process: ServerProcess;
  readonly port: number;
}

export async function startCrashLoopServer(root: string, env: Record<string, string>, timeoutMs = 60_000): Promise<CrashLoopServer> {
  const server = new ServerProcess(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', root], {
    ...process.env,
    SVC_HTTP_NET_BIND_TO: '127.0.0.1:0',
    SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0',
    SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0',
    SVC_PG_NET_BIND_TO: '127.0.0.1:0',
    SVC_PLUGINS: join(PROJECT_DIR, 'dist', 'tools', 'crash-loop-plugin.js'),
    ...env,
  });
  try {
    await server.waitReady(timeoutMs);
  } catch (e) {
    await server.kill();
    throw e;
  }
  const port = server.ports.get('http server');
  if (port === undefined) {
    await server.kill();
    throw new Error(`no API port in the server's output:\n${server.output}`);
  }
  return { process: server, port };
}
