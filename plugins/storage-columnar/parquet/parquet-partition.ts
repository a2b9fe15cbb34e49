/**
 * One Parquet partition file opened for reading: its footer, where each table column lives in it, each row
 * group's first row and designated-timestamp bounds (from the chunk statistics, so an interval skips row
 * groups without reading them), and the decode of one (row group, column) chunk into stored form. Reads go
 * through a ByteSource: a local file, or a cold tier's object.
 */
import { ColumnType, TypeTag } from '../../../core/data/column-type';
import { ByteSource } from '../../../core/extension/partition-bytes';
import { RawColumn } from '../raw-column';
import { StoredColumn } from '../table-meta';
import { decodeChunk } from './chunk-decoder';
import { FileColumn, ParquetFooter, Physical, readFooter } from './footer-reader';
import { fileColumnsOf } from './partition-encoding';

export interface ParquetReadCounters {
  bytes: number;
  reads: number;
  rowGroupsRead: number;
  rowGroupsPruned: number;
}

export class ParquetPartitionFile {
  /** First row of each row group, and the total at the end. */
  readonly starts: Float64Array;

  private constructor(readonly source: ByteSource, readonly footer: ParquetFooter) {
    this.starts = new Float64Array(footer.rowGroups.length + 1);
    footer.rowGroups.forEach((g, i) => { this.starts[i + 1] = this.starts[i] + g.rows; });
  }

  static async open(source: ByteSource, signal?: AbortSignal): Promise<ParquetPartitionFile> {
    return new ParquetPartitionFile(source, await readFooter(source, signal));
  }

  get rowGroups(): number {
    return this.footer.rowGroups.length;
  }

  /** For each table column, the file column holding it or -1. */
  columnMap(columns: readonly StoredColumn[]): number[] {
    return fileColumnsOf(columns, this.footer.keyValues, this.footer.columns.map((c) => c.name));
  }

  fileColumn(index: number): FileColumn {
    return this.footer.columns[index];
  }

  /**
   * A row group's [min, max] of an INT64 column (the designated timestamp, µs or ns) from its statistics, or
   * undefined when the file has none (the row group is then read to find out).
   */
  int64Bounds(group: number, fileColumn: number): [number, number] | undefined {
    const column = this.footer.columns[fileColumn];
    if (!column || column.physical !== Physical.INT64) return undefined;
    const s = this.footer.rowGroups[group].chunks[column.leaf].stats;
    if (!s?.min || !s.max || s.min.length !== 8 || s.max.length !== 8) return undefined;
    const read = (b: Uint8Array): number => Number(new DataView(b.buffer, b.byteOffset, 8).getBigInt64(0, true));
    return [read(s.min), read(s.max)];
  }

  /** Decodes one chunk into the stored form of `type`. */
  async readChunk(group: number, fileColumn: number, type: ColumnType, symbolKey: ((v: string) => number) | undefined,
    counters: ParquetReadCounters, signal?: AbortSignal): Promise<RawColumn> {
    const column = this.footer.columns[fileColumn];
    if (column.unsupported) throw new Error(`Parquet column ${column.name} is ${column.unsupported}`);
    const g = this.footer.rowGroups[group];
    const meta = g.chunks[column.leaf];
    const bytes = await this.source.read(meta.offset, meta.length, signal);
    counters.bytes += bytes.length;
    counters.reads++;
    return decodeChunk(column, meta, bytes, g.rows, { type, symbolKey: type.tag === TypeTag.SYMBOL ? symbolKey : undefined });
  }
}
