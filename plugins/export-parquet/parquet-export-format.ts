/**
 * `fmt=parquet` for /exp: a Parquet file written row group by row group as the result streams
 * (never the whole result in memory), with every option of Parquet table applied: codec
 * and level, row group and page sizes, statistics, format version 1/2, array encoding, bloom filters,
 * and `partition_by` (row groups split at period boundaries of the designated timestamp; the period
 * is recorded in the footer's key-value metadata as `svc.partition_by`).
 */
import { isDesignatedTimestampType, typeName } from '../../core/data/column-type';
import { ResultSet } from '../../core/data/result-set';
import { SvcError } from '../../core/errors';
import { ExportFormat } from '../../core/extension/export-format';
import { ParquetFileWriter } from './parquet-file-writer';
import { parseParquetOptions, ParquetOptions } from './parquet-options';
import { SVC_COLUMN_TYPES } from './parquet-metadata-keys';
import { leafSpec } from './parquet-schema';
import { partitionRange } from './partition-boundary';

function partitionColumn(result: ResultSet): number {
  if (result.timestampIndex >= 0) return result.timestampIndex;
  return result.columns.findIndex((c) => isDesignatedTimestampType(c.type));
}

export class ParquetExportFormat implements ExportFormat<ParquetOptions> {
  readonly fmt = 'parquet';
  /** QuestDB's HTTP API */
  readonly contentType = 'application/vnd.apache.parquet';
  readonly extension = 'parquet';

  parseOptions(params: URLSearchParams): ParquetOptions {
    return parseParquetOptions(params);
  }

  async *serialize(result: ResultSet, options: ParquetOptions, signal: AbortSignal): AsyncIterable<Uint8Array> {
    const cols = result.columns;
    const names = cols.map((c) => c.name.toLowerCase());
    const bloom = new Set<number>();
    for (const name of options.bloomFilterColumns) {
      const i = names.indexOf(name.toLowerCase());
      if (i < 0) throw SvcError.badRequest(`invalid bloom_filter_columns: column not in the result [column=${name}]`);
      bloom.add(i);
    }
    const tsIndex = options.partitionBy === 'NONE' ? -1 : partitionColumn(result);
    if (options.partitionBy !== 'NONE' && tsIndex < 0) {
      throw SvcError.badRequest(`partition_by=${options.partitionBy} needs a designated timestamp or TIMESTAMP column in the result`);
    }
    // As QuestDB writes them: the result's designated timestamp REQUIRED, every other column OPTIONAL.
    const specs = cols.map((c, i) => ({ ...leafSpec(c.name, c.type, options.rawArrayEncoding), optional: i !== result.timestampIndex }));
    const file = new ParquetFileWriter(specs, options, bloom);
    const range = new Float64Array([-Infinity, Infinity]);

    for await (const batch of result.batches()) {
      if (signal.aborted) return;
      const n = batch.rowCount;
      const ts = tsIndex >= 0 ? batch.vectors[tsIndex].data : undefined;
      let start = 0;
      while (start < n) {
        let end = Math.min(n, start + options.rowGroupSize - file.rowsInGroup);
        let crossed = false;
        if (ts) {
          if (file.rowsInGroup === 0) partitionRange(options.partitionBy, ts[start], range);
          for (let i = start; i < end; i++) {
            const t = ts[i];
            if (t < range[0] || t >= range[1]) { end = i; crossed = true; break; }
          }
        }
        if (end > start) file.write(batch.vectors, start, end);
        start = end;
        if (file.rowsInGroup >= options.rowGroupSize || (crossed && file.rowsInGroup > 0)) yield* await file.flush();
      }
    }
    // The svc types of the columns, so /imp of this file restores SYMBOL, CHAR, IPv4, DATE … (import-parquet).
    const keyValues: [string, string][] = [
      ['svc.partition_by', options.partitionBy], [SVC_COLUMN_TYPES, JSON.stringify(result.columns.map((c) => typeName(c.type)))],
    ];
    yield Buffer.concat(await file.finish(keyValues));
  }
}

export const parquetExportFormat = new ParquetExportFormat();
