/**
 * Child process of the crash test: opens the db folder given as argv[2], continues the workload from the
 * committed row count, and prints `committed <k>` after each commit until it is killed.
 */
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { ColumnarEngine } from './columnar-engine';
import { CRASH_COLUMNS, CRASH_TABLE, ROWS_PER_COMMIT, commitBatch } from './crash-workload';

async function main(dbDir: string): Promise<void> {
  const engine = new ColumnarEngine({
    dbDir, maxUncommittedRows: 500000, o3MaxLagMicros: 0, commitMode: 'nosync', cacheBytes: 16 << 20,
    writerTimeoutMs: 1000, maxNameLength: 127, metrics: new ServerMetrics(),
  });
  await engine.start();
  if (!engine.getTable(CRASH_TABLE)) {
    await engine.createTable({ name: CRASH_TABLE, columns: CRASH_COLUMNS, timestamp: 'ts', partitionBy: 'MONTH' });
  }
  const reader = engine.openReader(CRASH_TABLE);
  let k = reader.rowCount / ROWS_PER_COMMIT;
  reader.close();
  const writer = await engine.openWriter(CRASH_TABLE);
  process.stdout.write(`ready ${k}\n`);
  for (;;) {
    await writer.append(commitBatch(k, writer.symbolTable(1)));
    await writer.commit();
    k++;
    process.stdout.write(`committed ${k}\n`);
  }
}

main(process.argv[2]).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
