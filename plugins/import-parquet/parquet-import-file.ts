/**
 * A Parquet upload being read (ImportFile): the worker decodes one batch at a time (row groups in slices), each Arrow batch
 * is converted column by column (arrow-column-converter.ts) into the table's layout, and `atomicity`
 * decides what a value that does not convert costs — skipCol: it stays NULL and counts in its column's
 * errors; skipRow: its row is dropped; abort: the import fails naming the row and column. A NULL designated
 * timestamp drops its row (or aborts). Row numbers count from 1 over the whole file.
 */
import { RecordBatch, Schema, tableFromIPC } from 'apache-arrow';
import { ColumnBatch } from '../../core/data/column-batch';
import { typeName } from '../../core/data/column-type';
import { LONG_NULL } from '../../core/data/null-values';
import { VectorBuilder } from '../../core/data/vector-builder';
import { Vector } from '../../core/data/vector';
import { SvcError } from '../../core/errors';
import { ImportFile, ParsePlan, TextStructure } from '../../core/extension/import-format';
import { ArrowColumnConverter, Converted } from './arrow-column-converter';
import { ParquetWorkerClient } from './parquet-worker-client';

export class ParquetImportFile implements ImportFile {
  rowsHandled = 0;
  rowsImported = 0;
  errors: number[] = [];

  constructor(readonly structure: TextStructure, private readonly schema: Schema, readonly rowGroups: number,
    private readonly client: ParquetWorkerClient) {}

  async *read(plan: ParsePlan, signal: AbortSignal): AsyncIterable<ColumnBatch> {
    this.errors = plan.columns.map(() => 0);
    const converters = plan.columns.map((c) => {
      if (c.fieldIndex < 0) return undefined;
      const converter = new ArrowColumnConverter(c, this.schema.fields[c.fieldIndex], 65536);
      converter.check();
      return converter;
    });
    // The worker decodes the next batch while this thread converts and appends the last one.
    // A prefetch left behind by an error is not an unhandled rejection.
    const prefetch = (): Promise<Uint8Array | undefined> => {
      const p = this.client.nextBatch();
      p.catch(() => undefined);
      return p;
    };
    let next = prefetch();
    for (;;) {
      signal.throwIfAborted();
      const ipc = await next;
      if (ipc === undefined) return;
      next = prefetch();
      const table = tableFromIPC(ipc);
      for (const batch of table.batches) {
        const out = this.convert(batch, plan, converters);
        if (out.rowCount > 0) yield out;
      }
    }
  }

  close(): void {
    this.client.close();
  }

  private convert(batch: RecordBatch, plan: ParsePlan, converters: readonly (ArrowColumnConverter | undefined)[]): ColumnBatch {
    const n = batch.numRows;
    let drop: Uint8Array | undefined;
    const vectors = plan.columns.map((c, i): Vector => {
      const converter = converters[i];
      const converted: Converted = converter
        ? converter.convert(batch.getChildAt(c.fieldIndex)?.data[0] ?? missing(c.name), n)
        : { vector: nulls(c.type, n), bad: undefined };
      const bad = converted.bad;
      const isTimestamp = i === plan.timestampIndex;
      for (let r = 0; r < n; r++) {
        const nullTimestamp = isTimestamp && converted.vector.data[r] === LONG_NULL;
        if (bad?.[r] !== 1 && !nullTimestamp) continue;
        this.errors[i]++;
        if (plan.atomicity === 'abort') {
          throw SvcError.badRequest(`could not parse value [line=${this.rowsHandled + r + 1}, column=${c.name}, type=${typeName(c.type)}, table=${plan.table}]`);
        }
        if (plan.atomicity === 'skipRow' || isTimestamp) (drop ??= new Uint8Array(n))[r] = 1;
      }
      return converted.vector;
    });
    this.rowsHandled += n;
    if (!drop) {
      this.rowsImported += n;
      return { rowCount: n, vectors };
    }
    const keep = drop;
    const kept = n - keep.reduce((a, b) => a + b, 0);
    this.rowsImported += kept;
    return { rowCount: kept, vectors: vectors.map((v) => compact(v, keep, kept)) };
  }
}

function missing(name: string): never {
  throw new Error(`the decoded row group has no column ${name}`);
}

function nulls(type: Vector['type'], n: number): Vector {
  const b = new VectorBuilder(type, n);
  for (let i = 0; i < n; i++) b.appendNull();
  return b.build();
}

/** The rows of `v` whose `drop` flag is 0. */
function compact(v: Vector, drop: Uint8Array, kept: number): Vector {
  const b = new VectorBuilder(v.type, Math.max(kept, 1), v.symbols);
  for (let i = 0; i < drop.length; i++) if (drop[i] === 0) b.appendFrom(v, i);
  return b.build();
}
