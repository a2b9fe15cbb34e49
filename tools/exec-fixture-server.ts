/**
 * Runs the server with the /exec fixture engine (plugins/http-exec/exec-fixture-engine.ts) for
 * measurements: `node dist/tools/exec-fixture-server.js <port>`. Prints the peak RSS every second while
 * requests run, so streaming memory can be read off while a client pulls `rows 10000000`.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { startServer } from '../core/bootstrap';
import { QueryEngine } from '../core/sql/query-engine';
import { defaultBundle } from '../plugins/default-bundle';
import { FixtureEngine } from '../plugins/http-exec/exec-fixture-engine';

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'svc-exec-measure-'));
  // The log goes nowhere (a consumed stream), so the measurement includes formatting but not terminal I/O.
  const sink = new PassThrough();
  sink.resume();
  const server = await startServer({
    rootDir: root, console: sink,
    bundle: [...defaultBundle, { name: 'exec-fixture-engine', dependsOn: [], register: (c) => { c.register(QueryEngine, { useValue: new FixtureEngine() }); } }],
    env: { SVC_HTTP_NET_BIND_TO: `127.0.0.1:${process.argv[2] ?? '0'}`, SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0' },
  });
  console.log(`listening on ${server.apiAddress?.port} pid ${process.pid}`);
  let peak = 0;
  const sample = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
  // CPU time used by this process (server only; the load client runs elsewhere), for requests per CPU-second.
  const report = setInterval(() => {
    const cpu = process.cpuUsage();
    console.log(`rss now ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`);
  }, 1000);
  const stop = async (): Promise<void> => {
    clearInterval(sample);
    clearInterval(report);
    await server.stop();
    rmSync(root, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

void main();
