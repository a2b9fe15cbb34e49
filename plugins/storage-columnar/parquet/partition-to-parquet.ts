/**
 * Writes a native partition's rows (its column files, committed or staged) as the Parquet file of a
 * partition folder, with the export writer (ParquetFileWriter). One row group at a time is read
 * (partition-rows.ts) and encoded in slices of 16,384 rows with a yield to the event loop between slices, so
 * a conversion never holds the request thread for long and holds one row group in memory. The file is
 * fsynced before the caller publishes it, whatever the commit mode: `_txn` never names a file that a power
 * cut could leave half-written. Returns the file's size.
 */
import { open } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { SymbolTable } from '../../../core/data/symbol-table';
import { Vector } from '../../../core/data/vector';
import { ParquetFileWriter } from '../../export-parquet/parquet-file-writer';
import { readRowRange } from '../partition-rows';
import { TableMeta } from '../table-meta';
import { PartitionState } from '../txn-state';
import { checkConvertible, footerEntries, leafSpecs, PartitionEncoding, writerOptions } from './partition-encoding';

const SLICE_ROWS = 16384;

export interface EncodeInput {
  readonly tableDir: string;
  readonly meta: TableMeta;
  readonly partition: PartitionState;
  /** The dictionary of each SYMBOL column (table column index). */
  readonly symbols: (index: number) => SymbolTable | undefined;
  readonly encoding: PartitionEncoding;
  readonly signal?: AbortSignal;
}

export async function writePartitionParquet(input: EncodeInput, path: string): Promise<number> {
  const { tableDir, meta, partition: p, encoding, signal } = input;
  checkConvertible(meta, p.name);
  const writer = new ParquetFileWriter(leafSpecs(meta), writerOptions(encoding));
  const fh = await open(path, 'wx');
  let size = 0;
  try {
    const put = async (parts: Uint8Array[]): Promise<void> => {
      for (const b of parts) {
        let done = 0;
        while (done < b.length) done += (await fh.write(b, done, b.length - done)).bytesWritten;
        size += b.length;
      }
    };
    for (let lo = 0; lo < p.rows; lo += encoding.rowGroupSize) {
      const hi = Math.min(p.rows, lo + encoding.rowGroupSize);
      const vectors: Vector[] = meta.columns.map((c, i) => {
        const v = readRowRange(tableDir, p, c, lo, hi);
        const symbols = input.symbols(i);
        return symbols ? { ...v, symbols } : v;
      });
      for (let a = 0; a < hi - lo; a += SLICE_ROWS) {
        signal?.throwIfAborted();
        writer.write(vectors, a, Math.min(hi - lo, a + SLICE_ROWS));
        await yieldToLoop();
      }
      await put(await writer.flush());
    }
    await put(await writer.finish(footerEntries(meta)));
    await fh.sync();
  } finally {
    await fh.close();
  }
  return size;
}
