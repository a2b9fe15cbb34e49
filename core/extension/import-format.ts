/**
 * Parses uploaded data for /imp. A `stream` format (plugins/import-delimited, plugins/import-ndjson) gets a
 * sample of the upload first (`analyse`: structure and types), the route decides the target table, then
 * streams every chunk through one `ImportParser` built for that table and appends its batches to the
 * writer. A `file` format (plugins/import-parquet) needs random access: the upload is kept in a file first,
 * then `openFile` reads its structure and `ImportFile.read` its batches. The route picks the format from
 * `fmt` (any of its `fmts`), else the first whose `detect` recognises the upload, else `delimited`.
 */
import { ColumnBatch } from '../data/column-batch';
import { ColumnType } from '../data/column-type';
import { SymbolTable } from '../data/symbol-table';

export const ImportFormat = Symbol.for('svc.ImportFormat');

/** `atomicity` parameter. */
export type Atomicity = 'abort' | 'skipRow' | 'skipCol';

export interface DetectedColumn {
  /** Cleaned header name, or `f<i>`. */
  readonly name: string;
  readonly type: ColumnType;
  /** DATE / TIMESTAMP: the pattern that matched the sample. */
  readonly pattern?: string;
  /** The field's name in the upload when the cleaned `name` differs from it (NDJSON keys). */
  readonly sourceName?: string;
}

export interface TextStructure {
  /** The delimiter byte (given or detected). */
  readonly delimiter: number;
  /** Line 1 is a header. */
  readonly header: boolean;
  /** One per field of line 1. */
  readonly columns: readonly DetectedColumn[];
}

export interface AnalysisOptions {
  /** For error texts (`not enough lines [table=x]`). */
  readonly table: string;
  /** The `delimiter` parameter as a byte; undefined = detect. */
  readonly delimiter: number | undefined;
  readonly forceHeader: boolean;
  /** `http.text.analysis.max.lines`. */
  readonly maxLines: number;
  readonly maxDelimiterStdDev: number;
  readonly maxLineLengthStdDev: number;
  /** Column names that make line 1 a header when it repeats them (existing table, `schema`). */
  readonly knownNames?: readonly string[];
  /** Aborts when the client goes away: a format waiting for a resource (a decoder) stops waiting. */
  readonly signal?: AbortSignal;
}

/** One table column as the parser fills it. */
export interface ImportColumn {
  readonly name: string;
  readonly type: ColumnType;
  /** Field of the line that feeds this column, or -1 (null in every row). */
  readonly fieldIndex: number;
  /** DATE / TIMESTAMP patterns to try, the preferred first. */
  readonly patterns: readonly string[];
  /** SYMBOL: the writer's dictionary, so batches carry its keys. */
  readonly symbols?: SymbolTable & { intern(value: string): number };
}

export interface ParsePlan {
  readonly delimiter: number;
  readonly header: boolean;
  /** Values per line; more are extras (`skipLev`). */
  readonly fieldCount: number;
  /** Table columns in table order. */
  readonly columns: readonly ImportColumn[];
  /** Table column index of the designated timestamp, or -1. */
  readonly timestampIndex: number;
  readonly atomicity: Atomicity;
  readonly skipLev: boolean;
  /** Rows per ColumnBatch. */
  readonly batchRows: number;
  /** The longest line (record) in bytes; a longer one is a rejected line (`atomicity=abort`: an error). */
  readonly maxLineBytes: number;
  readonly table: string;
  /** Each field's name in the upload (`sourceName ?? name` of the structure's columns), for formats with named fields. */
  readonly fieldNames?: readonly string[];
}

export interface ImportParser {
  /** Data lines seen (header and blank lines excluded). */
  readonly rowsHandled: number;
  readonly rowsImported: number;
  readonly rowsRejected: number;
  /** Conversion errors per table column. */
  readonly errors: readonly number[];
  /**
   * Parses the records `chunk` completes (possibly on another thread: resolves once the chunk is accepted,
   * which may be before it is parsed). Rejects with SvcError when `atomicity=abort` meets a bad value.
   */
  push(chunk: Uint8Array): Promise<void>;
  /** Parses the remaining tail as the end of the upload; afterwards the counters are final. */
  finish(): Promise<void>;
  /**
   * Batches completed so far, in order; each is handed out once, and its arrays are the caller's only until
   * the next `takeReady()` (a parser may reuse their memory then): append them before asking again.
   */
  takeReady(): ColumnBatch[];
  /** Stops any background work (an abandoned upload); idempotent. */
  close(): void;
}

export interface ParserOptions {
  /** Worker threads to parse on, so parsing overlaps receiving and writing (large uploads); 0 = inline. */
  readonly workers: number;
}

interface ImportFormatBase {
  /** Format name, e.g. `delimited`. */
  readonly name: string;
  /** `fmt` values of /imp that choose this format (`csv`, `parquet`, `ndjson`). */
  readonly fmts?: readonly string[];
  /** True when an upload starting with `head` (at least 8 bytes unless shorter) named `filename` is in this format. */
  detect?(head: Uint8Array, filename: string | undefined): boolean;
}

/** Counters of an import, final once its rows are all read. */
export interface ImportCounters {
  readonly rowsHandled: number;
  readonly rowsImported: number;
  /** Conversion errors per table column. */
  readonly errors: readonly number[];
}

/** A file-backed upload opened by a `file` format: its structure, then its rows as batches of a plan. */
export interface ImportFile extends ImportCounters {
  /** The file's columns (header true: names come from the file). */
  readonly structure: TextStructure;
  /**
   * Batches of `plan.columns` (table order), converted as `atomicity` says; a piece of the file at a time,
   * so memory stays bounded. Rejects with SvcError for `abort` or a damaged file. Call once.
   */
  read(plan: ParsePlan, signal: AbortSignal): AsyncIterable<ColumnBatch>;
  /** Releases what the reader holds; idempotent. */
  close(): void;
}

export interface FileImportFormat extends ImportFormatBase {
  readonly access: 'file';
  /** Opens the upload kept at `path`; throws SvcError when it is not a readable file of this format. */
  openFile(path: string, options: AnalysisOptions): Promise<ImportFile>;
}

export type ImportFormat = StreamImportFormat | FileImportFormat;

export interface StreamImportFormat extends ImportFormatBase {
  readonly access?: 'stream';
  /**
   * Structure of the upload from its first bytes (`whole` = the upload ends there). Throws SvcError with
   * QuestDB's texts (`not enough lines`, `min deviation is too high`, `duplicate column name found`).
   */
  analyse(sample: Uint8Array, whole: boolean, options: AnalysisOptions): TextStructure;
  /** A parser for the whole upload (sample included), filling `plan.columns`. Close it when done. */
  createParser(plan: ParsePlan, options: ParserOptions): ImportParser;
}
