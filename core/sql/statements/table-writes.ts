/**
 * Appending query results to a table: each source batch is cast column by column to the table's types
 * (QuestDB's SQL dialect implicit casts: ISO strings into TIMESTAMP, strings into SYMBOL, ints into DOUBLE);
 * target columns not given are null. One writer, one commit at the end, and only when the statement was not
 * stopped meanwhile (deadline, cancel, closed client): a stopped write commits nothing and ends in the stop's error.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ColumnType } from '../../data/column-type';
import { LONG_NULL } from '../../data/null-values';
import { SvcError } from '../../errors';
import { TableSchema } from '../../data/table-schema';
import { Vector } from '../../data/vector';
import { StorageEngine } from '../../extension/storage-engine';
import { checkAborted, ExecContext } from '../plan';
import { castVector, nullVector } from '../vector/cast-vector';
import type { WriteTransaction } from '../write-transaction';

/** Converts a source column to its table column's type (a cast, or INSERT's checked conversion). */
export type ColumnConversion = (v: Vector, to: ColumnType, n: number) => Vector;

/**
 * Maps source column k to table column `targets[k]`. With `transaction` (an INSERT inside a PostgreSQL
 * transaction block) the rows go into the transaction's writer and wait for its COMMIT; a failure leaves
 * what was appended there, for the block, now aborted, can only be rolled back.
 */
export async function appendBatches(
  storage: StorageEngine, table: TableSchema, targets: readonly number[], batches: AsyncIterable<ColumnBatch>, context: ExecContext,
  convert: ColumnConversion = castVector, transaction?: WriteTransaction,
): Promise<number> {
  if (transaction) {
    const staged = await transaction.writer(table.name, context.signal);
    let n = 0;
    for await (const b of batches) {
      if (b.rowCount === 0) continue;
      await staged.append(toTableLayout(table, targets, b, convert));
      n += b.rowCount;
    }
    return n;
  }
  const writer = await storage.openWriter(table.name, { signal: context.signal });
  let rows = 0;
  try {
    for await (const b of batches) {
      checkAborted(context);
      if (b.rowCount === 0) continue;
      await writer.append(toTableLayout(table, targets, b, convert));
      rows += b.rowCount;
    }
    checkAborted(context);
    await writer.commit();
  } finally {
    await writer.close();
  }
  return rows;
}

export function toTableLayout(table: TableSchema, targets: readonly number[], b: ColumnBatch, convert: ColumnConversion = castVector): ColumnBatch {
  const vectors: Vector[] = table.columns.map((c) => nullVector(c.type, b.rowCount));
  targets.forEach((t, k) => { vectors[t] = convert(b.vectors[k], table.columns[t].type, b.rowCount); });
  const ts = table.timestampIndex;
  if (ts >= 0) {
    const d = vectors[ts].data;
    for (let i = 0; i < b.rowCount; i++) if (d[i] === LONG_NULL) throw SvcError.sql(0, 'designated timestamp column cannot be NULL');
  }
  return { rowCount: b.rowCount, vectors };
}
