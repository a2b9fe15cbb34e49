/**
 * Measures /exec JSON serialization alone: 1M rows × 6 columns (TIMESTAMP, SYMBOL, 2 × DOUBLE with 2
 * decimals, LONG, VARCHAR) in 64K-row batches, chunks discarded. `node dist/tools/bench-exec-json.js [rows]`.
 * `node dist/tools/bench-exec-json.js --latest-on`: the bench's latest_on answer instead (1,000 rows × 13
 * columns: TIMESTAMP, 2 × SYMBOL, 10 × DOUBLE), median time of 500 serialisations after 100 to warm up.
 */
import { ColumnBatch } from '../core/data/column-batch';
import { ResultColumn } from '../core/data/result-set';
import { Types } from '../core/data/column-type';
import { VectorBuilder } from '../core/data/vector-builder';
import { JsonResultWriter } from '../plugins/http-exec/json-result-writer';
import { JsonSink } from '../plugins/http-exec/json-sink';

const latestOn = process.argv[2] === '--latest-on';
const rows = latestOn ? 1_000 : Number(process.argv[2] ?? 1_000_000);
const batchRows = 65_536;
const columns: ResultColumn[] = [
  { name: 'ts', type: Types.TIMESTAMP }, { name: 'host', type: Types.SYMBOL }, { name: 'usage_user', type: Types.DOUBLE },
  { name: 'usage_system', type: Types.DOUBLE }, { name: 'id', type: Types.LONG }, { name: 'note', type: Types.VARCHAR },
];

function makeBatches(): ColumnBatch[] {
  const batches: ColumnBatch[] = [];
  let seed = 1;
  const rnd = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const symbols = new VectorBuilder(Types.SYMBOL).symbols;
  for (let start = 0; start < rows; start += batchRows) {
    const n = Math.min(batchRows, rows - start);
    const b = columns.map((c) => new VectorBuilder(c.type, n, c.type === Types.SYMBOL ? symbols : undefined));
    for (let i = 0; i < n; i++) {
      const r = start + i;
      b[0].appendNumber(1_451_606_400_000_000 + r * 10_000_000);
      b[1].appendString(`host_${r % 1000}`);
      b[2].appendNumber(Math.round(rnd() * 10000) / 100);
      b[3].appendNumber(Math.round(rnd() * 10000) / 100);
      b[4].appendNumber(r * 7919);
      b[5].appendString(r % 10 === 0 ? 'needs "quotes"' : `n${r % 97}`);
    }
    batches.push({ rowCount: n, vectors: b.map((x) => x.build()) });
  }
  return batches;
}

/** Writes a whole /exec body of the batches into the sink, emptying it whenever full; returns the bytes. */
function writeBody(cols: readonly ResultColumn[], batches: readonly ColumnBatch[], sink: JsonSink, query: string): number {
  const w = new JsonResultWriter(cols, cols.map((_, k) => k), false);
  let bytes = 0;
  w.writeHead(sink, query, 0, false);
  for (const batch of batches) {
    let row = 0;
    while (row < batch.rowCount) {
      row = w.writeRows(sink, batch, row, batch.rowCount);
      if (sink.full) { bytes += sink.pos; sink.pos = 0; }
    }
  }
  w.writeTail(sink, { count: rows });
  return bytes + sink.pos;
}

const usage = ['usage_user', 'usage_system', 'usage_idle', 'usage_nice', 'usage_iowait', 'usage_irq', 'usage_softirq', 'usage_steal', 'usage_guest', 'usage_guest_nice'];
const latestColumns: ResultColumn[] = [
  { name: 'ts', type: Types.TIMESTAMP }, { name: 'hostname', type: Types.SYMBOL }, { name: 'region', type: Types.SYMBOL },
  ...usage.map((name) => ({ name, type: Types.DOUBLE })),
];

/** One batch shaped as the latest_on answer: a row per host, doubles with 2 decimals. */
function latestOnBatch(): ColumnBatch {
  let seed = 7;
  const rnd = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const b = latestColumns.map((c) => new VectorBuilder(c.type, rows));
  for (let r = 0; r < rows; r++) {
    b[0].appendNumber(1_451_606_400_000_000 + 99_990_000_000 + r * 1_000);
    b[1].appendString(`host_${r}`);
    b[2].appendString(`region_${r % 9}`);
    for (let k = 3; k < b.length; k++) b[k].appendNumber(Math.round(rnd() * 10000) / 100);
  }
  return { rowCount: rows, vectors: b.map((x) => x.build()) };
}

function runLatestOn(): void {
  const batch = latestOnBatch();
  const sink = new JsonSink();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 100; i++) writeBody(latestColumns, [batch], sink, 'warm-up');
  const c0 = process.cpuUsage();
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    sink.pos = 0;
    bytes = writeBody(latestColumns, [batch], sink, 'SELECT * FROM cpu LATEST ON ts PARTITION BY hostname');
    times.push(performance.now() - t0);
  }
  const c = process.cpuUsage(c0);
  times.sort((a, b) => a - b);
  // CPU time as well: on a shared machine wall time includes waiting for a core.
  console.log(`${rows} rows × ${latestColumns.length} columns (latest_on): ${(bytes / 1e3).toFixed(0)} kB; median ${times[250].toFixed(3)} ms, `
    + `p90 ${times[450].toFixed(3)} ms, min ${times[0].toFixed(3)} ms wall, ${((c.user + c.system) / 1000 / 500).toFixed(3)} ms CPU on average over 500 serialisations`);
}

function run(batches: ColumnBatch[]): { bytes: number; ms: number; cpuMs: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const bytes = writeBody(columns, batches, new JsonSink(), 'select * from cpu');
  const c = process.cpuUsage(c0);
  return { bytes, ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 };
}

if (latestOn) runLatestOn();
const batches = latestOn ? [] : makeBatches();
for (let i = 0; i < (latestOn ? 0 : 4); i++) {
  const { bytes, ms, cpuMs } = run(batches);
  // CPU time as well as wall time: the machine is shared, so wall time includes waiting for a core.
  console.log(`${rows} rows × 6 columns: ${(bytes / 1e6).toFixed(1)} MB in ${ms.toFixed(0)} ms wall = ${(bytes / 1e6 / (ms / 1000)).toFixed(0)} MB/s; `
    + `${cpuMs.toFixed(0)} ms CPU = ${(bytes / 1e6 / (cpuMs / 1000)).toFixed(0)} MB/s per CPU-second`);
}
