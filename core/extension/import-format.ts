/**
 * Parses uploaded data for /imp (plugins/import-delimited). The route first hands the format a sample of
 * the upload (`analyse`: structure and types), decides the target table, then streams
 * every chunk through one `ImportParser` built for that table and appends its batches to the writer.
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
  /** Batches completed so far, in order; each is handed out once. */
  takeReady(): ColumnBatch[];
  /** Stops any background work (an abandoned upload); idempotent. */
  close(): void;
}

export interface ParserOptions {
  /** Worker threads to parse on, so parsing overlaps receiving and writing (large uploads); 0 = inline. */
  readonly workers: number;
}

export interface ImportFormat {
  /** Format name, e.g. `delimited`. */
  readonly name: string;
  /**
   * Structure of the upload from its first bytes (`whole` = the upload ends there). Throws SvcError with
   * QuestDB's texts (`not enough lines`, `min deviation is too high`, `duplicate column name found`).
   */
  analyse(sample: Uint8Array, whole: boolean, options: AnalysisOptions): TextStructure;
  /** A parser for the whole upload (sample included), filling `plan.columns`. Close it when done. */
  createParser(plan: ParsePlan, options: ParserOptions): ImportParser;
}
