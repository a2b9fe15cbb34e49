/**
 * A Parquet file written row group by row group (the /exp format and the storage engine's Parquet partitions
 * both use it): `write` adds rows of each column to the open row group, `flush` closes it, `finish` closes
 * the last one and adds the footer. Bytes come back as they are placed, so memory holds at most two row
 * groups: one may still be compressing while the next is encoded.
 */
import { Vector } from '../../core/data/vector';
import { ChunkFacts, ColumnWriter } from './column-writer';
import { pageCompressor } from './page-compressor';
import { fileMetaData, PlacedChunk, RowGroupFacts } from './parquet-footer';
import { ParquetOptions } from './parquet-options';
import { LeafSpec } from './parquet-schema';

const MAGIC = new Uint8Array([0x50, 0x41, 0x52, 0x31]);

export class ParquetFileWriter {
  private readonly writers: ColumnWriter[];
  private readonly groups: RowGroupFacts[] = [];
  private offset = MAGIC.length;
  private first = true;
  private inFlight: Promise<Uint8Array> | undefined;
  /** Rows written to the open row group. */
  rowsInGroup = 0;
  /** Rows of every closed row group. */
  rowsWritten = 0;

  constructor(private readonly specs: readonly LeafSpec[], private readonly options: ParquetOptions, bloom: ReadonlySet<number> = new Set()) {
    const compress = pageCompressor(options.codec, options.compressionLevel);
    this.writers = specs.map((s, i) => new ColumnWriter(s, options, compress, bloom.has(i)));
  }

  /** Rows `[from, to)` of every column (one vector per spec, in order) into the open row group. */
  write(vectors: readonly Vector[], from: number, to: number): void {
    for (let c = 0; c < this.writers.length; c++) this.writers[c].write(vectors[c], from, to);
    this.rowsInGroup += to - from;
  }

  /** Closes the open row group; returns the bytes of the one before it, if any. */
  async flush(): Promise<Uint8Array[]> {
    const chunks = this.writers.map((w) => w.finish());
    const rows = this.rowsInGroup;
    this.rowsInGroup = 0;
    this.rowsWritten += rows;
    const previous = this.inFlight;
    const withMagic = this.first;
    this.first = false;
    // Placed strictly after the previous group, whose size fixes this group's offsets.
    this.inFlight = (previous ?? Promise.resolve(undefined)).then(() => this.place(chunks, rows, withMagic));
    // Handled here too, so a file abandoned by its consumer cannot leave an unhandled rejection.
    this.inFlight.catch(() => undefined);
    return previous ? [await previous] : [];
  }

  /** Closes the last row group (if it has rows) and returns every remaining byte, the footer last. */
  async finish(keyValues: readonly (readonly [string, string])[]): Promise<Uint8Array[]> {
    const tail: Uint8Array[] = this.rowsInGroup > 0 ? await this.flush() : this.first ? [MAGIC] : [];
    if (this.inFlight) tail.push(await this.inFlight);
    this.inFlight = undefined;
    const footer = fileMetaData(this.specs, this.groups, this.options, keyValues);
    const len = new Uint8Array(4);
    new DataView(len.buffer).setUint32(0, footer.length, true);
    tail.push(footer, len, MAGIC);
    return tail;
  }

  private async place(chunks: Promise<ChunkFacts>[], rows: number, withMagic: boolean): Promise<Uint8Array> {
    const parts: Uint8Array[] = withMagic ? [MAGIC] : [];
    const groupOffset = this.offset;
    const placed: PlacedChunk[] = [];
    for (const facts of await Promise.all(chunks)) {
      placed.push({ facts, offset: this.offset });
      for (const p of facts.parts) parts.push(p);
      // The footer needs only sizes and offsets: let the page bytes go once they are sent.
      facts.parts.length = 0;
      this.offset += facts.compressed;
    }
    // Bloom filters follow the row group's column chunks (parquet-format BloomFilter.md "File Format").
    for (const c of placed) {
      if (!c.facts.bloom) continue;
      const bytes = c.facts.bloom.serialize();
      c.facts.bloom = undefined;
      c.bloomOffset = this.offset;
      c.bloomLength = bytes.length;
      parts.push(bytes);
      this.offset += bytes.length;
    }
    this.groups.push({ rows, offset: groupOffset, chunks: placed });
    return Buffer.concat(parts);
  }
}
