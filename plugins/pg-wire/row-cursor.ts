/**
 * Streams a ResultSet as DataRow messages, up to a row limit per call so a portal can stop
 * (PortalSuspended) and continue where it stopped. Encoders are built per batch and column; rows are
 * written straight from the vectors into the BackendWriter, which is handed to the socket (waiting for
 * 'drain') whenever it passes the flush size, so memory stays flat whatever the result size.
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { ResultSet } from '../../core/data/result-set';
import { BackendWriter } from './backend-writer';
import { binaryCellEncoder } from './binary-cell-encoders';
import { CellEncoder } from './cell-encoder';
import { PgTimestampText } from './pg-timestamp-text';
import { textCellEncoder } from './text-cell-encoders';

const DATA_ROW = 68;

export class RowCursor {
  private iterator: AsyncIterator<ColumnBatch> | undefined;
  private batch: ColumnBatch | undefined;
  private row = 0;
  private encoders: CellEncoder[] = [];
  private readonly timestamps = new PgTimestampText();
  done = false;

  /** `binary[c]`: column c is sent in binary format. */
  constructor(private readonly result: ResultSet, private readonly binary: readonly boolean[]) {}

  /**
   * Writes up to `max` rows (0: all that are left); returns the number written. `done` tells whether the
   * result is exhausted. Throws the query's SvcError (runtime error, cancellation).
   */
  async write(w: BackendWriter, max: number): Promise<number> {
    const columns = this.result.columns.length;
    let sent = 0;
    this.iterator ??= this.result.batches()[Symbol.asyncIterator]();
    while (!this.done && (max === 0 || sent < max)) {
      const batch = this.batch;
      if (!batch || this.row >= batch.rowCount) {
        const next = await this.iterator.next();
        if (next.done) { this.done = true; break; }
        this.batch = next.value;
        this.row = 0;
        this.encoders = next.value.vectors.map((v, c) => (this.binary[c] ? binaryCellEncoder(v, this.timestamps) : textCellEncoder(v, this.timestamps)));
        continue;
      }
      const enc = this.encoders;
      const end = max === 0 ? batch.rowCount : Math.min(batch.rowCount, this.row + max - sent);
      const start = this.row;
      for (let i = start; i < end; i++) {
        w.begin(DATA_ROW);
        w.int16(columns);
        for (let c = 0; c < columns; c++) enc[c](w, i);
        w.end();
        if (w.pos >= w.piece) {
          const drained = w.flush();
          if (drained) await drained;
        }
      }
      sent += end - start;
      this.row = end;
    }
    return sent;
  }

  /** Stops the query early (portal closed, client gone): the engine releases its readers. */
  async close(): Promise<void> {
    this.done = true;
    const it = this.iterator;
    this.iterator = undefined;
    this.batch = undefined;
    if (it?.return) await it.return();
  }
}
