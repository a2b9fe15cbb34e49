/**
 * A Parquet file's rows as Arrow IPC batches, each row group read in slices (a row selection of `offset` and
 * `limit` on parquet-wasm's stream). The Rust reader decodes a stream's whole selection when it is first
 * read, so a row group of 30 million repeated strings (a 1 KB file) would take gigabytes in one step; each
 * slice instead holds about `sliceBytes` of Arrow data, in batches of about `batchBytes`. A slice costs a
 * fetch and decompression of the row group's pages, so slices are as few as memory allows, sized from the
 * bytes per row of the widest batch of the slice before, as Arrow IPC (the data itself: a batch's buffers
 * in WebAssembly memory may be views on a larger allocation). Until that measure is reliable (a batch of
 * 1,024 rows or 1 MiB, past the IPC header) a cheap row group (compressed at most 16 MiB: the bombs) is probed with slices of 1, 32 and 1,024 rows; a costly one is taken at its
 * declared uncompressed size per row (the memory limit catches a file that lies). Slices keep at least 1,024
 * rows: rows so wide that 1,024 of them pass `maxSliceBytes` are refused (a DecoderRefusal naming the row
 * group) rather than sliced ever thinner.
 */
import type { ParquetFile, RecordBatch } from 'parquet-wasm/node';
import { MAX_BATCH_ROWS } from './decoder-budget';

const PROBE_ROWS = 1;
/** Each probe slice is this many times the one before. */
const PROBE_GROWTH = 32;
const MIN_SLICE_ROWS = 1024;
/** A batch this large measures its bytes per row without the fixed part of its buffers mattering. */
const RELIABLE_BATCH_BYTES = 1024 * 1024;
/** A row group compressed to at most this is probed before its first slice (fetching it again is cheap). */
const CHEAP_PROBE_BYTES = 16 * 1024 * 1024;

/** The file is past the decoder's budget (the worker answers `refused`, not a damaged file). */
export class DecoderRefusal extends Error {
  override readonly name = 'DecoderRefusal';
}

interface BatchReader {
  read(): Promise<{ done: boolean; value?: RecordBatch }>;
  cancel(): Promise<void>;
}

export interface SliceFacts {
  readonly rows: number;
  readonly compressed: number;
  readonly uncompressed: number;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, x));
}

export class RowGroupSlices {
  private groupIndex = 0;
  /** Rows of the current group already read. */
  private offset = 0;
  private reader: BatchReader | undefined;
  private sliceLeft = 0;
  /** Arrow bytes per row of the widest batch of the last slice (0 before the first). */
  private bytesPerRow = 0;
  private sliceWidest = 0;
  /** The bytes per row come from a batch large enough to trust. */
  private reliable = false;
  private sliceReliable = false;
  /** Rows of the last probe slice. */
  private probed = 0;

  /** `groups`: each row group's rows, compressed size and declared uncompressed size, from the footer. */
  constructor(private readonly file: ParquetFile, private readonly groups: readonly SliceFacts[],
    private readonly sliceBytes: number, private readonly batchBytes: number, private readonly maxSliceBytes = Infinity) {}

  /** The row group being read (for error messages). */
  get group(): number {
    return this.groupIndex;
  }

  /** The next batch (as an Arrow IPC stream) with its row group, or undefined after the last. */
  async next(): Promise<{ readonly group: number; readonly ipc: Uint8Array } | undefined> {
    for (;;) {
      if (!this.reader) {
        if (this.groupIndex >= this.groups.length) return undefined;
        const remaining = this.groups[this.groupIndex].rows - this.offset;
        if (remaining <= 0) { this.groupIndex++; this.offset = 0; continue; }
        await this.open(remaining);
      }
      const reader = this.reader as BatchReader;
      const { done, value } = await reader.read();
      if (done || !value) {
        this.reader = undefined;
        // A group that ends before its declared rows: go on with the next.
        if (this.sliceLeft > 0) { this.groupIndex++; this.offset = 0; }
        continue;
      }
      const n = value.numRows;
      if (n === 0) { value.free(); continue; }
      const ipc = value.intoIPCStream();
      const bytes = ipc.byteLength;
      this.sliceWidest = Math.max(this.sliceWidest, bytes / n);
      this.sliceReliable ||= n >= MIN_SLICE_ROWS || bytes >= RELIABLE_BATCH_BYTES;
      this.bytesPerRow = this.sliceWidest;
      this.reliable = this.sliceReliable;
      this.offset += n;
      this.sliceLeft -= n;
      if (this.sliceLeft <= 0) {
        this.reader = undefined;
        await reader.cancel();
      }
      return { group: this.groupIndex, ipc };
    }
  }

  async close(): Promise<void> {
    const reader = this.reader;
    this.reader = undefined;
    await reader?.cancel();
  }

  private async open(remaining: number): Promise<void> {
    const group = this.groups[this.groupIndex];
    let perRow = this.bytesPerRow;
    const probe = !this.reliable && group.compressed <= CHEAP_PROBE_BYTES;
    if (!this.reliable && !probe) perRow = Math.max(group.uncompressed / Math.max(group.rows, 1), 1);
    if (!probe && perRow * MIN_SLICE_ROWS > this.maxSliceBytes) {
      throw new DecoderRefusal(`row group ${this.groupIndex} has rows of ${Math.round(perRow)} bytes once decoded: `
        + `${MIN_SLICE_ROWS} of them need more than half of the decoder's memory limit [http.import.parquet.decoder.memory.limit]`);
    }
    let sliceRows: number;
    if (probe) {
      this.probed = this.probed === 0 ? PROBE_ROWS : this.probed * PROBE_GROWTH;
      sliceRows = Math.min(this.probed, remaining);
    } else {
      sliceRows = clamp(Math.floor(this.sliceBytes / perRow), Math.min(MIN_SLICE_ROWS, remaining), remaining);
    }
    const batchRows = probe ? sliceRows : clamp(Math.floor(this.batchBytes / perRow), 1, Math.min(MAX_BATCH_ROWS, sliceRows));
    const stream = await this.file.stream({ rowGroups: [this.groupIndex], offset: this.offset, limit: sliceRows, batchSize: batchRows });
    this.reader = (stream as ReadableStream<RecordBatch>).getReader() as unknown as BatchReader;
    this.sliceLeft = sliceRows;
    this.sliceWidest = 0;
    this.sliceReliable = false;
  }
}
