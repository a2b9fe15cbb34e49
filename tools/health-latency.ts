/**
 * Measures health latency on the min listener while the server's main thread is blocked (issue 9: a
 * health check during a 10-second query answers in under 50 ms). Starts `node dist/core/cli.js` on a
 * temporary root with a plugin whose `GET /busy?ms=N` spins the event loop, probes `GET /` on the min
 * listener every 5 ms while it spins, and prints p50/p99/max.
 *
 *   node dist/tools/health-latency.js [--busy-ms 10000] [--keep-alive] [--worker-count 1]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpRequest } from '../features/support/http-client';
import { PROJECT_DIR } from '../core/project';

const BUSY_PLUGIN = `module.exports.plugin = {
  name: 'busy', dependsOn: [],
  register(container) {
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    const framing = container.resolve(api.ResponseFraming);
    container.register(api.tokens.HttpRoute, { useValue: {
      listener: 'api', path: '/busy', methods: ['GET'],
      async handle({ res, params }) {
        const end = Date.now() + Number(params.get('ms'));
        while (Date.now() < end) { /* spin */ }
        framing.send(res, 200, api.CONTENT_TYPE.text, 'done\\r\\n');
      },
    } });
  },
};
`;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const busyMs = Number(arg('--busy-ms', '10000'));
  const root = mkdtempSync(join(tmpdir(), 'svc-health-latency-'));
  mkdirSync(join(root, 'plugins'));
  writeFileSync(join(root, 'plugins', 'busy.js'), BUSY_PLUGIN);
  const child = spawn(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', root], {
    env: { ...process.env, SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0', SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0',
      SVC_HTTP_MIN_WORKER_COUNT: arg('--worker-count', '1') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => { out += c.toString('utf8'); });
  try {
    while (!out.includes('server is ready')) {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const api = Number(/http server listening on \S*:(\d+)/.exec(out)?.[1]);
    const min = Number(/http min server listening on \S*:(\d+)/.exec(out)?.[1]);
    const agent = process.argv.includes('--keep-alive') ? new Agent({ keepAlive: true, maxSockets: 1 }) : undefined;
    const busy = httpRequest('127.0.0.1', api, `/busy?ms=${busyMs}`, { timeoutMs: busyMs + 60_000 });
    await new Promise((r) => setTimeout(r, 200));
    const latencies: number[] = [];
    const end = Date.now() + busyMs - 500;
    while (Date.now() < end) {
      const r = await httpRequest('127.0.0.1', min, '/', { agent });
      if (r.status !== 200) throw new Error(`health answered ${r.status}`);
      latencies.push(r.millis);
      await new Promise((r2) => setTimeout(r2, 5));
    }
    const blocked = await busy;
    agent?.destroy();
    const f = (n: number): string => n.toFixed(2);
    process.stdout.write(`main thread blocked ${f(blocked.millis)} ms; health while blocked: n=${latencies.length} `
      + `p50=${f(percentile(latencies, 50))} ms p99=${f(percentile(latencies, 99))} ms max=${f(Math.max(...latencies))} ms\n`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(root, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((e: unknown) => { process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`); process.exit(1); });
}
