/**
 * CSV parse speed without HTTP or storage (issue 7): the bench's cpu file through DelimitedParser in
 * 64 KiB Buffer chunks (what a socket hands /imp), with the bench's schema. Usage:
 * `node dist/tools/csv-parse-bench.js [file=<bench data>/cpu-1M.csv] [rounds=3]`; prints CPU ms
 * and rows/s of the best round.
 */
import { openSync, readSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DATA_DIR, ensureDataset } from './bench/bench-datasets';
import { Types } from '../core/data/column-type';
import { MemorySymbolTable } from '../core/data/symbol-table';
import { ImportColumn } from '../core/extension/import-format';
import { DelimitedParser } from '../plugins/import-delimited/delimited-parser';

const CHUNK = 65536;
const DOUBLES = 10;

function parseOnce(file: string): { rows: number; cpuMs: number } {
  const columns: ImportColumn[] = [
    { name: 'ts', type: Types.TIMESTAMP, fieldIndex: 0, patterns: ['yyyy-MM-ddTHH:mm:ss.SSSUUUZ'] },
    { name: 'hostname', type: Types.SYMBOL, fieldIndex: 1, patterns: [], symbols: new MemorySymbolTable() },
    { name: 'region', type: Types.SYMBOL, fieldIndex: 2, patterns: [], symbols: new MemorySymbolTable() },
    ...Array.from({ length: DOUBLES }, (_, i) => ({ name: `d${i}`, type: Types.DOUBLE, fieldIndex: 3 + i, patterns: [] })),
  ];
  const parser = new DelimitedParser({
    delimiter: 0x2c, header: true, fieldCount: columns.length, columns, timestampIndex: 0, atomicity: 'skipCol',
    skipLev: false, batchRows: 65536, maxLineBytes: 4 << 20, table: 'cpu',
  });
  const fd = openSync(file, 'r');
  const start = process.cpuUsage();
  let rows = 0;
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const n = readSync(fd, chunk, 0, CHUNK, null);
      if (n === 0) break;
      parser.pushSync(chunk.subarray(0, n));
      for (const b of parser.takeReady()) rows += b.rowCount;
    }
    parser.finishSync();
    for (const b of parser.takeReady()) rows += b.rowCount;
  } finally {
    closeSync(fd);
  }
  const used = process.cpuUsage(start);
  return { rows, cpuMs: (used.user + used.system) / 1000 };
}

const file = process.argv[2] ?? join(BENCH_DATA_DIR, ensureDataset(BENCH_DATA_DIR, 'cpu', 1_000_000, console.log).file);
const rounds = Number(process.argv[3] ?? 3);
let best = Number.POSITIVE_INFINITY;
let rows = 0;
for (let r = 0; r < rounds; r++) {
  const res = parseOnce(file);
  rows = res.rows;
  best = Math.min(best, res.cpuMs);
}
console.log(`parsed ${rows} rows: best cpu ${best.toFixed(0)} ms = ${(rows / best / 1000).toFixed(2)} M rows/s`);
