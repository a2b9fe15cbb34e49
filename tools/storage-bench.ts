/**
 * Storage micro-benchmark (issue 3): through the writer API, append N rows of the bench's cpu shape
 * (ts, 2 symbols, 10 doubles) in order; merge 1M out-of-order rows into that table (random timestamps
 * over the whole table, the worst case, then rows at most 1 h late); scan one DOUBLE column warm. Usage: `node dist/tools/storage-bench.js [rows=10000000] [o3Rows=1000000] [dir]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ColumnBatch } from '../core/data/column-batch';
import { ColumnDef } from '../core/data/table-schema';
import { Types } from '../core/data/column-type';
import { Vector } from '../core/data/vector';
import { TableWriter } from '../core/extension/storage-engine';
import { ServerMetrics } from '../core/metrics/server-metrics';
import { ColumnarEngine } from '../plugins/storage-columnar/columnar-engine';

const BATCH = 100_000;
const HOSTS = 100;
const TICK_US = 10_000_000;
const START_US = Date.parse('2016-01-01T00:00:00Z') * 1000;
const DOUBLES = ['usage_user', 'usage_system', 'usage_idle', 'usage_nice', 'usage_iowait', 'usage_irq', 'usage_softirq',
  'usage_steal', 'usage_guest', 'usage_guest_nice'];
const REGIONS = ['us-east-1', 'us-west-1', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-southeast-1', 'ap-southeast-2', 'sa-east-1'];

const COLUMNS: ColumnDef[] = [
  { name: 'ts', type: Types.TIMESTAMP }, { name: 'hostname', type: Types.SYMBOL }, { name: 'region', type: Types.SYMBOL },
  ...DOUBLES.map((name) => ({ name, type: Types.DOUBLE })),
];

/** Value columns shared by every batch (the writer copies them); only timestamps differ. */
function valueVectors(writer: TableWriter): Vector[] {
  const host = new Int32Array(BATCH);
  const region = new Int32Array(BATCH);
  const hostKeys = Array.from({ length: HOSTS }, (_, h) => writer.symbolTable(1).intern(`host_${h}`));
  const regionKeys = REGIONS.map((r) => writer.symbolTable(2).intern(r));
  for (let i = 0; i < BATCH; i++) {
    host[i] = hostKeys[i % HOSTS];
    region[i] = regionKeys[(i % HOSTS) % REGIONS.length];
  }
  let seed = 42;
  const doubles = DOUBLES.map(() => {
    const d = new Float64Array(BATCH);
    for (let i = 0; i < BATCH; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      d[i] = Math.round((seed / 2147483648) * 10000) / 100;
    }
    return d;
  });
  return [
    { type: Types.SYMBOL, data: host, symbols: writer.symbolTable(1) },
    { type: Types.SYMBOL, data: region, symbols: writer.symbolTable(2) },
    ...doubles.map((data) => ({ type: Types.DOUBLE, data })),
  ];
}

/** CPU time of this process since `start`: on a shared machine it shows what wall time hides. */
function cpuMs(start: NodeJS.CpuUsage): string {
  const u = process.cpuUsage(start);
  return `cpu user ${(u.user / 1000).toFixed(0)} ms, sys ${(u.system / 1000).toFixed(0)} ms`;
}

function batchWith(ts: Float64Array, values: Vector[], rows: number): ColumnBatch {
  return { rowCount: rows, vectors: [{ type: Types.TIMESTAMP, data: ts }, ...values] };
}

async function main(): Promise<void> {
  const rows = Number(process.argv[2] ?? 10_000_000);
  const o3Rows = Number(process.argv[3] ?? 1_000_000);
  const dir = process.argv[4] ?? mkdtempSync(join(tmpdir(), 'svc-storage-bench-'));
  const metrics = new ServerMetrics();
  const engine = new ColumnarEngine({
    dbDir: dir, maxUncommittedRows: 500_000, o3MaxLagMicros: 600_000_000, commitMode: 'nosync',
    cacheBytes: 2 * 1024 ** 3, writerTimeoutMs: 5000, maxNameLength: 127, metrics,
  });
  await engine.start();
  try {
    await engine.createTable({ name: 'cpu', columns: COLUMNS, timestamp: 'ts', partitionBy: 'DAY' });
    const writer = await engine.openWriter('cpu');
    const values = valueVectors(writer);
    const tsBatches: Float64Array[] = [];
    for (let at = 0; at < rows; at += BATCH) {
      const ts = new Float64Array(BATCH);
      for (let i = 0; i < BATCH; i++) ts[i] = START_US + Math.floor((at + i) / HOSTS) * TICK_US;
      tsBatches.push(ts);
    }
    let cpu0 = process.cpuUsage();
    let t0 = performance.now();
    for (let b = 0; b < tsBatches.length; b++) await writer.append(batchWith(tsBatches[b], values, Math.min(BATCH, rows - b * BATCH)));
    await writer.commit();
    let ms = performance.now() - t0;
    const rowBytes = 8 + 2 * 4 + DOUBLES.length * 8;
    console.log(`append in order: ${rows} rows in ${ms.toFixed(0)} ms = ${(rows / ms / 1000).toFixed(2)} M rows/s `
      + `(${(rows * rowBytes / ms / 1e6).toFixed(2)} GB/s of column data, ${metrics.commits} commits; ${cpuMs(cpu0)})`);

    const span = Math.floor(rows / HOSTS) * TICK_US;
    let seed = 7;
    const o3Batches: Float64Array[] = [];
    for (let at = 0; at < o3Rows; at += BATCH) {
      const ts = new Float64Array(BATCH);
      for (let i = 0; i < BATCH; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        ts[i] = START_US + Math.floor((seed / 2147483648) * span);
      }
      o3Batches.push(ts);
    }
    // One merge of all out-of-order rows: lift maxUncommittedRows so no automatic commit splits them.
    await engine.setTableParams('cpu', { maxUncommittedRows: o3Rows + 1 });
    const physicalBefore = metrics.physicallyWrittenRows;
    cpu0 = process.cpuUsage();
    t0 = performance.now();
    for (let b = 0; b < o3Batches.length; b++) await writer.append(batchWith(o3Batches[b], values, Math.min(BATCH, o3Rows - b * BATCH)));
    await writer.commit();
    ms = performance.now() - t0;
    console.log(`merge out-of-order: ${o3Rows} rows (random timestamps over the whole table) in ${ms.toFixed(0)} ms = `
      + `${(o3Rows / ms / 1000).toFixed(2)} M rows/s; ${metrics.physicallyWrittenRows - physicalBefore} rows rewritten in one commit; ${cpuMs(cpu0)}`);

    // The common case of out-of-order data: rows late by up to an hour relative to the newest row.
    const late: Float64Array[] = o3Batches.map((b) => b.map((t) => START_US + span - (t - START_US) % 3_600_000_000));
    const lateBefore = metrics.physicallyWrittenRows;
    cpu0 = process.cpuUsage();
    t0 = performance.now();
    for (let b = 0; b < late.length; b++) await writer.append(batchWith(late[b], values, Math.min(BATCH, o3Rows - b * BATCH)));
    await writer.commit();
    ms = performance.now() - t0;
    console.log(`merge late rows: ${o3Rows} rows up to 1 h older than the newest in ${ms.toFixed(0)} ms = `
      + `${(o3Rows / ms / 1000).toFixed(2)} M rows/s; ${metrics.physicallyWrittenRows - lateBefore} rows rewritten; ${cpuMs(cpu0)}`);
    await writer.close();

    const reader = engine.openReader('cpu');
    const scan = async (): Promise<[number, number]> => {
      const start = performance.now();
      let sum = 0;
      for await (const batch of reader.scan({ columns: [3] })) {
        const d = batch.vectors[0].data;
        for (let i = 0; i < d.length; i++) sum += d[i];
      }
      return [performance.now() - start, sum];
    };
    const [cold] = await scan();
    let best = Number.POSITIVE_INFINITY;
    const scanCpu = process.cpuUsage();
    for (let i = 0; i < 5; i++) best = Math.min(best, (await scan())[0]);
    const used = process.cpuUsage(scanCpu);
    const cpuPerScan = (used.user + used.system) / 1000 / 5;
    const bytes = reader.rowCount * 8;
    console.log(`scan one DOUBLE column: ${reader.rowCount} rows, cold ${cold.toFixed(0)} ms, warm ${best.toFixed(1)} ms = `
      + `${(bytes / best / 1e6).toFixed(2)} GB/s (cpu ${cpuPerScan.toFixed(1)} ms per scan = ${(bytes / cpuPerScan / 1e6).toFixed(2)} GB/s of cpu time)`);
    reader.close();
  } finally {
    await engine.close();
    if (process.argv[4] === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
