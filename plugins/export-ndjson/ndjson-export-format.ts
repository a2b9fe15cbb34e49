/**
 * `fmt=ndjson` for /exp: one JSON object per row, keys in column order, values exactly as /exec prints
 * them in `dataset` (the same cell writers: timestamps as ISO text, NaN as null, symbols and strings
 * escaped from their UTF-8 bytes), each line ended by `\n`. Rows go into a byte buffer handed out every
 * ~64 KB, so the export streams with bounded memory. `quoteLargeNum=true` prints LONG values as strings.
 */
import { ResultSet } from '../../core/data/result-set';
import { ExportFormat } from '../../core/extension/export-format';
import { ChunkPool } from '../http-exec/chunk-pool';
import { CellWriter, CellWriterContext, createCellWriter } from '../http-exec/json-cell-writer';
import { CHUNK_BYTES, JsonSink, SINK_BUFFER_BYTES } from '../http-exec/json-sink';
import { jsonString } from '../http-exec/json-text';

export interface NdjsonOptions {
  readonly quoteLargeNum: boolean;
}

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson';

export class NdjsonExportFormat implements ExportFormat<NdjsonOptions> {
  readonly fmt = 'ndjson';
  readonly contentType = NDJSON_CONTENT_TYPE;
  readonly extension = 'ndjson';
  readonly compressible = true;

  parseOptions(params: URLSearchParams): NdjsonOptions {
    return { quoteLargeNum: params.get('quoteLargeNum')?.toLowerCase() === 'true' };
  }

  async *serialize(result: ResultSet, options: NdjsonOptions, signal: AbortSignal): AsyncIterable<Uint8Array> {
    // `{"a":` before the first value, `,"b":` before the others.
    const keys = result.columns.map((c, i) => Buffer.from(`${i === 0 ? '{' : ','}${jsonString(c.name)}:`, 'utf8'));
    const empty = Buffer.from('{}\n');
    const n = keys.length;
    const sink = new JsonSink(CHUNK_BYTES, new ChunkPool(SINK_BUFFER_BYTES, 0));
    const ctx = new CellWriterContext(options.quoteLargeNum);
    for await (const batch of result.batches()) {
      if (signal.aborted) return;
      const writers: CellWriter[] = batch.vectors.map((v) => createCellWriter(v, ctx));
      for (let r = 0; r < batch.rowCount; r++) {
        if (n === 0) { sink.bytes(empty); continue; }
        for (let c = 0; c < n; c++) {
          sink.bytes(keys[c]);
          writers[c](sink, r);
        }
        sink.ensure(2);
        sink.buf[sink.pos++] = 0x7d;
        sink.buf[sink.pos++] = 0x0a;
        if (sink.full) yield sink.take();
      }
    }
    if (sink.pos > 0) yield sink.take();
  }
}

export const ndjsonExportFormat = new NdjsonExportFormat();
