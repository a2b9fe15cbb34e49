/**
 * `fmt=arrow` for /exp: the result as an Arrow IPC stream (`application/vnd.apache.arrow.stream`), written
 * with apache-arrow. Each ColumnBatch the query yields becomes one record batch (large batches are cut at
 * `arrow_batch_rows` rows) and is handed out as soon as it is encoded, so memory stays at one batch
 * whatever the result size. Type mapping: arrow-field.ts (docs/exports.md).
 */
import { makeData, RecordBatch, Schema, Struct } from 'apache-arrow';
import { TypeTag } from '../../core/data/column-type';
import { ResultSet } from '../../core/data/result-set';
import { Vector } from '../../core/data/vector';
import { SvcError } from '../../core/errors';
import { ExportFormat } from '../../core/extension/export-format';
import { arrowColumn } from './arrow-columns';
import { arrowField } from './arrow-field';
import { IpcStreamWriter } from './ipc-stream-writer';
import { SymbolDictionary } from './symbol-dictionary';

export interface ArrowOptions {
  /** Most rows in one record batch (`arrow_batch_rows`, default 65,536). */
  readonly batchRows: number;
}

export const ARROW_CONTENT_TYPE = 'application/vnd.apache.arrow.stream';
const DEFAULT_BATCH_ROWS = 65536;

/** The rows `from..from+n` of a vector, without copying. */
function slice(v: Vector, from: number, n: number): Vector {
  if (from === 0) return v;
  if (v.offsets) return { ...v, offsets: v.offsets.subarray(from, from + n + 1), nulls: v.nulls?.subarray(from, from + n) };
  const width = v.type.tag === TypeTag.UUID ? 16 : v.type.tag === TypeTag.LONG256 ? 32 : v.type.tag === TypeTag.INTERVAL ? 2 : 1;
  return { ...v, data: v.data.subarray(from * width, (from + n) * width), exact: v.exact?.subarray(from, from + n) };
}

export class ArrowExportFormat implements ExportFormat<ArrowOptions> {
  readonly fmt = 'arrow';
  readonly contentType = ARROW_CONTENT_TYPE;
  /** The IANA-registered extension of the Arrow streaming format. */
  readonly extension = 'arrows';

  parseOptions(params: URLSearchParams): ArrowOptions {
    const text = params.get('arrow_batch_rows');
    if (text === null || text.trim() === '') return { batchRows: DEFAULT_BATCH_ROWS };
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 16_777_216) throw SvcError.badRequest(`invalid arrow_batch_rows:${text}, expected 1..16777216`);
    return { batchRows: n };
  }

  async *serialize(result: ResultSet, options: ArrowOptions, signal: AbortSignal): AsyncIterable<Uint8Array> {
    const fields = result.columns.map((c) => arrowField(c.name, c.type));
    const schema = new Schema(fields, new Map([['svc.timestamp', String(result.timestampIndex)]]));
    const dictionaries = result.columns.map((c, i) =>
      c.type.tag === TypeTag.SYMBOL ? new SymbolDictionary(fields[i].type) : undefined);
    const writer = new IpcStreamWriter(schema);
    const struct = new Struct(fields);
    let wroteBatch = false;
    for await (const batch of result.batches()) {
      if (signal.aborted) return;
      for (let from = 0; from < batch.rowCount; from += options.batchRows) {
        const n = Math.min(options.batchRows, batch.rowCount - from);
        const children = batch.vectors.map((v, c) => arrowColumn(fields[c].type, slice(v, from, n), n, dictionaries[c]));
        const data = makeData({ type: struct, length: n, nullCount: 0, children });
        yield* writer.write(new RecordBatch(schema, data));
        wroteBatch = true;
      }
    }
    // A stream needs its schema message even when the result is empty.
    if (!wroteBatch) yield* writer.write(emptyBatch(schema, result, dictionaries, fields.map((f) => f.type)));
    yield* writer.finish();
  }
}

/** A zero-row batch, so the schema (and empty dictionaries) reach readers of an empty result. */
function emptyBatch(schema: Schema, result: ResultSet, dictionaries: (SymbolDictionary | undefined)[],
  types: readonly import('apache-arrow').DataType[]): RecordBatch {
  const children = result.columns.map((c, i) => arrowColumn(types[i], emptyVector(c.type), 0, dictionaries[i]));
  return new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: 0, nullCount: 0, children }));
}

function emptyVector(type: Vector['type']): Vector {
  switch (type.tag) {
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY: return { type, data: new Uint8Array(0), offsets: new Int32Array(1) };
    case TypeTag.ARRAY: return { type, data: new Float64Array(0), offsets: new Int32Array(1) };
    case TypeTag.INT: case TypeTag.SYMBOL: case TypeTag.IPV4: return { type, data: new Int32Array(0) };
    case TypeTag.FLOAT: return { type, data: new Float32Array(0) };
    case TypeTag.BYTE: return { type, data: new Int8Array(0) };
    case TypeTag.SHORT: return { type, data: new Int16Array(0) };
    case TypeTag.CHAR: return { type, data: new Uint16Array(0) };
    case TypeTag.BOOLEAN: case TypeTag.UUID: case TypeTag.LONG256: case TypeTag.NULL: return { type, data: new Uint8Array(0) };
    default: return { type, data: new Float64Array(0) };
  }
}

export const arrowExportFormat = new ArrowExportFormat();
