/**
 * A ResultSet over batches already in memory: for serializer tests and for formats that re-read a
 * small result. Each call to `batches()` yields the same batches again.
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { ResultColumn, ResultSet } from '../../core/data/result-set';

export class MemoryResultSet implements ResultSet {
  constructor(
    readonly columns: readonly ResultColumn[],
    private readonly batchList: readonly ColumnBatch[],
    readonly timestampIndex = -1,
  ) {}

  async *batches(): AsyncIterable<ColumnBatch> {
    for (const b of this.batchList) yield b;
  }
}
