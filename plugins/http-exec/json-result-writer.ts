/**
 * The body of a SELECT on /exec: `{"query":…,"columns":[…],"timestamp":n,"dataset":[`,
 * rows, then `],"count":n` and the optional `timings`/`explain` objects. Keys are in that fixed order;
 * `nm=true` drops query, columns and timestamp. Rows are written batch by batch, a chunk at a time.
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { TypeTag, typeName } from '../../core/data/column-type';
import { ResultColumn } from '../../core/data/result-set';
import { CellWriter, CellWriterContext, createCellWriter } from './json-cell-writer';
import { writeInteger } from './json-numbers';
import { JsonSink } from './json-sink';
import { jsonString } from './json-text';

export interface ExecTimings {
  readonly authentication: bigint;
  readonly compiler: bigint;
  readonly execute: bigint;
  readonly count: bigint;
}

export interface ResultTrailer {
  readonly count: number;
  readonly timings?: ExecTimings;
  readonly jitCompiled?: boolean;
  /** `progress=true`: the final progress object as JSON (RunningQuery.toJson). */
  readonly progress?: string;
}

/** `[{"name":…,"type":…}, …]`: an ARRAY column adds `dim` and `elemType` (also /api/v1/sql/validate's columns). */
export function columnsJson(columns: readonly ResultColumn[]): string {
  let json = '[';
  columns.forEach((c, i) => {
    if (i > 0) json += ',';
    json += `{"name":${jsonString(c.name)},"type":"${typeName(c.type)}"`;
    if (c.type.tag === TypeTag.ARRAY) json += `,"dim":${c.type.dims ?? 1},"elemType":"${TypeTag[c.type.elem ?? TypeTag.DOUBLE]}"`;
    json += '}';
  });
  return `${json}]`;
}

export class JsonResultWriter {
  private readonly ctx: CellWriterContext;
  private writers: CellWriter[] = [];
  private writersFor: ColumnBatch | undefined;
  /** Rows written so far (a comma goes before every row but the first). */
  rows = 0;

  /**
   * @param columns the result columns as sent (after `cols`)
   * @param projection for each sent column, its index in the batches' vectors
   */
  constructor(
    private readonly columns: readonly ResultColumn[],
    private readonly projection: readonly number[],
    quoteLargeNum: boolean,
  ) {
    this.ctx = new CellWriterContext(quoteLargeNum);
  }

  writeHead(sink: JsonSink, query: string, timestampIndex: number, noMeta: boolean): void {
    if (noMeta) {
      sink.ascii('{"dataset":[');
      return;
    }
    const head = `{"query":${jsonString(query)},"columns":${columnsJson(this.columns)},"timestamp":${timestampIndex},"dataset":[`;
    const bytes = Buffer.from(head, 'utf8');
    sink.bytes(bytes);
  }

  /**
   * Writes rows `from..to-1` of the batch until the sink holds a full chunk; returns the next row to write
   * (`to` when done). The caller flushes between calls.
   */
  writeRows(sink: JsonSink, batch: ColumnBatch, from: number, to: number): number {
    if (this.writersFor !== batch) {
      this.writers = this.projection.map((index) => createCellWriter(batch.vectors[index], this.ctx));
      this.writersFor = batch;
    }
    const writers = this.writers;
    const n = writers.length;
    let row = from;
    while (row < to) {
      sink.ensure(2);
      if (this.rows > 0) sink.buf[sink.pos++] = 0x2c;
      sink.buf[sink.pos++] = 0x5b;
      for (let c = 0; c < n; c++) {
        if (c > 0) sink.byte(0x2c);
        writers[c](sink, row);
      }
      sink.byte(0x5d);
      this.rows++;
      row++;
      if (sink.full) break;
    }
    return row;
  }

  /** `],"count":n` + optional timings/explain + `}`. */
  writeTail(sink: JsonSink, trailer: ResultTrailer): void {
    sink.ascii('],"count":');
    writeInteger(sink, trailer.count);
    this.writeExtras(sink, trailer);
    sink.byte(0x7d);
  }

  /**
   * Closes a document whose 200 head is already sent when the query fails mid-stream (
   * kept well-framed): `],"count":n,"error":"…", "errorPos":p` + extras + `}`.
   */
  writeErrorTail(sink: JsonSink, trailer: ResultTrailer, message: string, position: number): void {
    sink.ascii('],"count":');
    writeInteger(sink, trailer.count);
    sink.bytes(Buffer.from(`,"error":${jsonString(message)}, "errorPos":${position}`, 'utf8'));
    this.writeExtras(sink, trailer);
    sink.byte(0x7d);
  }

  private writeExtras(sink: JsonSink, trailer: ResultTrailer): void {
    const t = trailer.timings;
    if (t) {
      sink.ascii(`,"timings":{"authentication":${t.authentication},"compiler":${t.compiler},"execute":${t.execute},"count":${t.count}}`);
    }
    if (trailer.jitCompiled !== undefined) sink.ascii(`,"explain":{"jitCompiled":${trailer.jitCompiled}}`);
    if (trailer.progress !== undefined) sink.bytes(Buffer.from(`,"progress":${trailer.progress}`, 'utf8'));
  }
}
