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
import { ChunkFacts, ColumnWriter } from './column-writer';
import { pageCompressor } from './page-compressor';
import { parseParquetOptions, ParquetOptions } from './parquet-options';
import { SVC_COLUMN_TYPES } from './parquet-metadata-keys';
import { fileMetaData, PlacedChunk, RowGroupFacts } from './parquet-footer';
import { leafSpec } from './parquet-schema';
import { partitionRange } from './partition-boundary';

const MAGIC = new Uint8Array([0x50, 0x41, 0x52, 0x31]);

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
    const compress = pageCompressor(options.codec, options.compressionLevel);
    const writers = specs.map((s, i) => new ColumnWriter(s, options, compress, bloom.has(i)));
    const groups: RowGroupFacts[] = [];
    let offset = MAGIC.length;
    let rowsInGroup = 0;
    let first = true;
    const range = new Float64Array([-Infinity, Infinity]);

    // One row group may still be compressing while the next one is encoded; its bytes are yielded
    // when the next one closes (or at the end), so at most two row groups are in memory.
    let inFlight: Promise<Uint8Array> | undefined;
    const place = async (chunks: Promise<ChunkFacts>[], rows: number, withMagic: boolean): Promise<Uint8Array> => {
      const parts: Uint8Array[] = withMagic ? [MAGIC] : [];
      const groupOffset = offset;
      const placed: PlacedChunk[] = [];
      for (const facts of await Promise.all(chunks)) {
        placed.push({ facts, offset });
        for (const p of facts.parts) parts.push(p);
        // The footer needs only sizes and offsets: let the page bytes go once they are sent.
        facts.parts.length = 0;
        offset += facts.compressed;
      }
      // Bloom filters follow the row group's column chunks (parquet-format BloomFilter.md "File Format").
      for (const c of placed) {
        if (!c.facts.bloom) continue;
        const bytes = c.facts.bloom.serialize();
        c.facts.bloom = undefined;
        c.bloomOffset = offset;
        c.bloomLength = bytes.length;
        parts.push(bytes);
        offset += bytes.length;
      }
      groups.push({ rows, offset: groupOffset, chunks: placed });
      return Buffer.concat(parts);
    };
    /** Closes the row group; returns the bytes of the one before it, if any. */
    const flush = async (): Promise<Uint8Array[]> => {
      const chunks = writers.map((w) => w.finish());
      const rows = rowsInGroup;
      rowsInGroup = 0;
      const previous = inFlight;
      const withMagic = first;
      first = false;
      // Placed strictly after the previous group, whose size fixes this group's offsets.
      inFlight = (previous ?? Promise.resolve(undefined)).then(() => place(chunks, rows, withMagic));
      // Handled here too, so an export abandoned by its client cannot leave an unhandled rejection.
      inFlight.catch(() => undefined);
      return previous ? [await previous] : [];
    };

    for await (const batch of result.batches()) {
      if (signal.aborted) return;
      const n = batch.rowCount;
      const ts = tsIndex >= 0 ? batch.vectors[tsIndex].data : undefined;
      let start = 0;
      while (start < n) {
        let end = Math.min(n, start + options.rowGroupSize - rowsInGroup);
        let crossed = false;
        if (ts) {
          if (rowsInGroup === 0) partitionRange(options.partitionBy, ts[start], range);
          for (let i = start; i < end; i++) {
            const t = ts[i];
            if (t < range[0] || t >= range[1]) { end = i; crossed = true; break; }
          }
        }
        if (end > start) {
          for (let c = 0; c < writers.length; c++) writers[c].write(batch.vectors[c], start, end);
          rowsInGroup += end - start;
        }
        start = end;
        if (rowsInGroup >= options.rowGroupSize || (crossed && rowsInGroup > 0)) yield* await flush();
      }
    }
    const tail: Uint8Array[] = rowsInGroup > 0 ? await flush() : first ? [MAGIC] : [];
    if (inFlight) tail.push(await inFlight);
    // The svc types of the columns, so /imp of this file restores SYMBOL, CHAR, IPv4, DATE … (import-parquet).
    const keyValues: [string, string][] = [
      ['svc.partition_by', options.partitionBy], [SVC_COLUMN_TYPES, JSON.stringify(result.columns.map((c) => typeName(c.type)))],
    ];
    const footer = fileMetaData(specs, groups, options, keyValues);
    const len = new Uint8Array(4);
    new DataView(len.buffer).setUint32(0, footer.length, true);
    yield Buffer.concat([...tail, footer, len, MAGIC]);
  }
}

export const parquetExportFormat = new ParquetExportFormat();
