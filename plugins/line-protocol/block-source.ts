/**
 * Where an IngestSession's parsed rows come from: this thread (LocalSource) or a parse worker
 * (RemoteSource, remote-source.ts). Bytes go in with `feed`; `take` hands over the blocks parsed so far
 * (all of them after `end`) and forgets them, so the session owns what it took.
 */
import { BlockSet } from './block-set';
import { LineError } from './line-error';
import { LineParser, LineParserOptions } from './line-parser';
import { LineReader } from './line-reader';
import { TableBlock } from './table-block';

export interface SourceLimits {
  readonly maxLineBytes: number;
  readonly maxLineKey: string;
  readonly maxTables: number;
}

export interface BlockSource {
  /** Parses (or queues) the bytes; a promise when the source wants the caller to wait (back-pressure). */
  feed(chunk: Uint8Array): void | Promise<void>;
  /** No more bytes: a last line without its line end counts (HTTP bodies). */
  end(): void;
  /** The blocks parsed since the last call; after `end`, every remaining one. */
  take(): Promise<TableBlock[]>;
  /** The first bad line, once known. */
  readonly error: LineError | undefined;
  /** Bytes of parsed rows held (and of an unfinished line). */
  readonly bufferedBytes: number;
  readonly bufferedRows: number;
  /** Bytes of the unfinished line at the end of the input. */
  readonly pendingLineBytes: number;
  /** Bytes fed and not parsed yet (on their way to a worker, or staged): an error in them is not known yet. */
  readonly unparsedBytes: number;
  /** Releases what the source holds (a worker's session). */
  close(): void;
}

/** Parsing on the calling thread. */
export class LocalSource implements BlockSource {
  private readonly blocks: BlockSet;
  private readonly reader: LineReader;

  constructor(limits: SourceLimits, options: LineParserOptions) {
    this.blocks = new BlockSet(limits.maxTables);
    this.reader = new LineReader(new LineParser(this.blocks, options), limits.maxLineBytes, limits.maxLineKey);
  }

  feed(chunk: Uint8Array): void {
    this.reader.feed(chunk);
  }

  end(): void {
    this.reader.end();
  }

  async take(): Promise<TableBlock[]> {
    return this.takeNow();
  }

  /** `take` without waiting: the blocks parsed so far. */
  takeNow(): TableBlock[] {
    const taken = this.blocks.blocks.filter((b) => b.rows > 0);
    this.blocks.clear();
    return taken;
  }

  get error(): LineError | undefined {
    return this.reader.error;
  }

  /** Measurements parsed so far. */
  get lines(): number {
    return this.reader.lines;
  }

  get bufferedBytes(): number {
    return this.blocks.byteSize + this.reader.pendingBytes;
  }

  get bufferedRows(): number {
    return this.blocks.rowCount;
  }

  get pendingLineBytes(): number {
    return this.reader.pendingBytes;
  }

  /** Parsing here is synchronous. */
  get unparsedBytes(): number {
    return 0;
  }

  close(): void {
    this.blocks.clear();
  }
}
