/** Builds one ColumnBatch from value rows (metadata functions produce a handful of rows). */
import { ColumnBatch } from '../../../core/data/column-batch';
import { ResultColumn } from '../../../core/data/result-set';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { appendValue } from '../../../core/sql/vector/append-value';
import { SqlValue } from '../../../core/sql/vector/sql-value';

export function rowsBatch(columns: readonly ResultColumn[], rows: readonly SqlValue[][]): ColumnBatch {
  const builders = columns.map((c) => new VectorBuilder(c.type, Math.max(1, rows.length)));
  for (const r of rows) builders.forEach((b, i) => appendValue(b, r[i] ?? null));
  return { rowCount: rows.length, vectors: builders.map((b) => b.build()) };
}

export async function* once(batch: () => ColumnBatch): AsyncIterable<ColumnBatch> {
  yield batch();
}
