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
  write(batch: RecordBatch): Buffer {
    this.writer.write(batch);
    return this.writer.take();
  }

  /** The end-of-stream marker. */
  finish(): Buffer {
    this.writer.finish();
    return this.writer.take();
  }
}

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

  /** One buffer of everything written since the last call (the pieces may be views on column arrays). */
  take(): Buffer {
    const out = Buffer.concat(this.pieces, this.bytes);
    this.pieces = [];
    this.bytes = 0;
    return out;
  }
}
