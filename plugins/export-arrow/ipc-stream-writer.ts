/**
 * apache-arrow's RecordBatchStreamWriter with its output collected in memory batch by batch, so the export
 * can hand each record batch's bytes to the response as soon as it is written (the stock writer queues
 * every byte until the stream is read as a whole or piped).
 */
import { RecordBatch, RecordBatchStreamWriter, Schema } from 'apache-arrow';

export class IpcStreamWriter {
  private readonly writer = new CollectingWriter();

  /** Starts the stream with the schema message. */
  constructor(schema: Schema) {
    this.writer.reset(undefined, schema);
  }

  /** Writes the batch (after any new dictionary chunks it needs) and returns the bytes written since last time. */
  write(batch: RecordBatch): Uint8Array[] {
    this.writer.write(batch);
    return this.writer.take();
  }

  /** The end-of-stream marker. */
  finish(): Uint8Array[] {
    this.writer.finish();
    return this.writer.take();
  }
}

const LARGE_PIECE = 64 * 1024;

class CollectingWriter extends RecordBatchStreamWriter {
  private pieces: Uint8Array[] = [];
  private bytes = 0;

  protected override _write(chunk: ArrayBufferView): this {
    if (this._started && chunk.byteLength > 0) {
      const piece = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      this.pieces.push(piece);
      this.bytes += piece.byteLength;
      this._position += piece.byteLength;
    }
    return this;
  }

  /**
   * What was written since the last call: column buffers of 64 KiB and more as they are (views on the batch's
   * arrays, not copied), the small pieces between them (message headers, padding, small columns) joined.
   */
  take(): Uint8Array[] {
    const out: Uint8Array[] = [];
    let run: Uint8Array[] = [];
    let runBytes = 0;
    const flushRun = (): void => {
      if (run.length === 1) out.push(run[0]);
      else if (run.length > 1) out.push(Buffer.concat(run, runBytes));
      run = [];
      runBytes = 0;
    };
    for (const piece of this.pieces) {
      if (piece.byteLength >= LARGE_PIECE) { flushRun(); out.push(piece); continue; }
      run.push(piece);
      runBytes += piece.byteLength;
    }
    flushRun();
    this.pieces = [];
    this.bytes = 0;
    return out;
  }
}
