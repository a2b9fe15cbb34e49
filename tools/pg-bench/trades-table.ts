/**
 * The bench's table, written through the storage engine before the server starts: `trades (ts, symbol,
 * side, price, amount)`, 50 symbols, one row every 86.4 ms over a day per million rows, deterministic.
 */
import { Types } from '../../core/data/column-type';
import { VectorBuilder } from '../../core/data/vector-builder';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { ColumnarEngine } from '../../plugins/storage-columnar/columnar-engine';

const START = Date.UTC(2024, 0, 1) * 1000;
const COLUMNS = [
  { name: 'ts', type: Types.TIMESTAMP }, { name: 'symbol', type: Types.SYMBOL }, { name: 'side', type: Types.SYMBOL },
  { name: 'price', type: Types.DOUBLE }, { name: 'amount', type: Types.DOUBLE },
];

export async function writeTrades(dbDir: string, rows: number): Promise<void> {
  const engine = new ColumnarEngine({
    dbDir, maxUncommittedRows: 500_000, o3MaxLagMicros: 600_000_000, commitMode: 'nosync',
    cacheBytes: 2 ** 30, writerTimeoutMs: 5000, maxNameLength: 127, metrics: new ServerMetrics(),
  });
  await engine.start();
  await engine.createTable({ name: 'trades', columns: COLUMNS, timestamp: 'ts', partitionBy: 'DAY' });
  const writer = await engine.openWriter('trades');
  let seed = 42;
  const rnd = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const step = Math.floor(86_400_000_000 / 1_000_000);
  for (let start = 0; start < rows; start += 65_536) {
    const n = Math.min(65_536, rows - start);
    const b = COLUMNS.map((c) => new VectorBuilder(c.type, n));
    for (let i = 0; i < n; i++) {
      const r = start + i;
      b[0].appendNumber(START + r * step);
      b[1].appendString(`SYM${String(Math.floor(rnd() * rnd() * 50)).padStart(2, '0')}`);
      b[2].appendString(rnd() < 0.5 ? 'buy' : 'sell');
      b[3].appendNumber(Math.round(10_000 + rnd() * 1_000_000) / 100);
      b[4].appendNumber(Math.round(rnd() * 100_000) / 10_000);
    }
    await writer.append({ rowCount: n, vectors: b.map((x) => x.build()) });
  }
  await writer.commit();
  await writer.close();
  await engine.stop();
}
