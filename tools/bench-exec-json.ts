/**
 * Measures /exec JSON serialization alone: 1M rows × 6 columns (TIMESTAMP, SYMBOL, 2 × DOUBLE with 2
 * decimals, LONG, VARCHAR) in 64K-row batches, chunks discarded. `node dist/tools/bench-exec-json.js [rows]`.
 */
import { ColumnBatch } from '../core/data/column-batch';
import { ResultColumn } from '../core/data/result-set';
import { Types } from '../core/data/column-type';
import { VectorBuilder } from '../core/data/vector-builder';
import { JsonResultWriter } from '../plugins/http-exec/json-result-writer';
import { JsonSink } from '../plugins/http-exec/json-sink';

const rows = Number(process.argv[2] ?? 1_000_000);
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

function run(batches: ColumnBatch[]): { bytes: number; ms: number; cpuMs: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const w = new JsonResultWriter(columns, [0, 1, 2, 3, 4, 5], false);
  const sink = new JsonSink();
  let bytes = 0;
  w.writeHead(sink, 'select * from cpu', 0, false);
  for (const batch of batches) {
    let row = 0;
    while (row < batch.rowCount) {
      row = w.writeRows(sink, batch, row, batch.rowCount);
      if (sink.full) { bytes += sink.pos; sink.pos = 0; }
    }
  }
  w.writeTail(sink, { count: rows });
  bytes += sink.pos;
  const c = process.cpuUsage(c0);
  return { bytes, ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 };
}

const batches = makeBatches();
for (let i = 0; i < 4; i++) {
  const { bytes, ms, cpuMs } = run(batches);
  // CPU time as well as wall time: the machine is shared, so wall time includes waiting for a core.
  console.log(`${rows} rows × 6 columns: ${(bytes / 1e6).toFixed(1)} MB in ${ms.toFixed(0)} ms wall = ${(bytes / 1e6 / (ms / 1000)).toFixed(0)} MB/s; `
    + `${cpuMs.toFixed(0)} ms CPU = ${(bytes / 1e6 / (cpuMs / 1000)).toFixed(0)} MB/s per CPU-second`);
}
