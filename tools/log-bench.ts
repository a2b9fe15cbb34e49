/**
 * `node dist/tools/log-bench.js [lines]`: Info lines through the whole path (Log facade → bunyan →
 * file writer → disk) into a temporary folder, and the cost of a disabled Debug call. Prints lines/s,
 * lines per CPU-second (steadier than wall time on a shared machine), the file size and the peak RSS /
 * heap growth, so "fast and memory bounded" is a measured claim.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogLevel } from '../core/log/log-level';
import { LogService } from '../core/log/log-service';
import { plainOrigins } from '../core/log/log-setup';
import { FileWriter } from '../plugins/log-file/file-writer';

async function main(): Promise<void> {
  const lines = Number(process.argv[2] ?? 1_000_000);
  const dir = mkdtempSync(join(tmpdir(), 'svc-log-bench-'));
  const properties = new Map([['location', '${log.dir}/bench.log']]);
  const writer = new FileWriter({ name: 'file', className: 'io.svc.log.LogFileWriter', properties,
    rootDir: dir, logDir: dir, version: '0', env: {}, origin: plainOrigins('file', properties) });
  const logs = new LogService();
  logs.configure([{ name: 'file', levels: LogLevel.Info | LogLevel.Error | LogLevel.Critical | LogLevel.Advisory, scope: undefined, writer }]);
  const log = logs.create('http-server');
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < lines; i++) {
    log.info(`incoming [method=GET, url=/exec?query=select+*+from+trades+limit+${i}]`);
    if ((i & 0xffff) === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  await logs.flush();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const heapAfter = process.memoryUsage().heapUsed;
  const size = statSync(join(dir, 'bench.log')).size;

  const n = 10_000_000;
  const d0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) log.debug('never written');
  const debugNs = Number(process.hrtime.bigint() - d0) / n;
  await logs.close();
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`${lines} Info lines to a file in ${seconds.toFixed(3)} s = ${Math.round(lines / seconds)} lines/s `
    + `(CPU ${cpuSeconds.toFixed(3)} s = ${Math.round(lines / cpuSeconds)} lines per CPU-second), `
    + `${(size / 1e6).toFixed(1)} MB written, peak RSS ${(peakRss / 1e6).toFixed(0)} MB, heap growth ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB\n`
    + `disabled Debug call: ${debugNs.toFixed(1)} ns\n`);
}

void main();
