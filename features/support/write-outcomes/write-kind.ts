/**
 * One row of the write-outcome matrix: a statement or route that writes. It prepares its table, starts
 * the write at a size (small enough to finish, big enough to be cut half-way, or endless until stopped),
 * and says what of it the table shows: none of it, all of it, or something in between, which the rule
 * forbids.
 */
import { RunningWrite } from './answer';
import { OutcomeServer } from './outcome-server';

export type WriteSize = 'small' | 'big' | 'endless';

export type Visibility =
  | { readonly kind: 'none' }
  | { readonly kind: 'whole' }
  /** TCP only: complete lines, each its own write, a prefix of what was sent (no answer acknowledges any). */
  | { readonly kind: 'lines'; readonly rows: number }
  | { readonly kind: 'partial'; readonly what: string };

export interface StartOptions {
  /** HTTP headers of an /exec request (Statement-Timeout). */
  readonly headers?: Record<string, string>;
  /** `query_id` of an /exec request, for a cancel. */
  readonly queryId?: string;
  /** A source that passes `cairo.sql.hash.max.memory` after its first rows were written. */
  readonly hashHeavy?: boolean;
  /** `SET name = value` a PostgreSQL session runs first (inside a transaction block, right after BEGIN). */
  readonly settings?: Readonly<Record<string, string>>;
  /** A transaction block waits before its COMMIT until `StartedWrite.commit()` (WriteKind.block). */
  readonly holdCommit?: boolean;
}

export interface StartedWrite extends RunningWrite {
  /** Cancels the statement from another connection (by query_id, or a PostgreSQL CancelRequest). */
  readonly cancel?: () => Promise<void>;
  /** With `holdCommit`: resolves once every statement before COMMIT has its answer. */
  readonly commitHeld?: Promise<void>;
  /** With `holdCommit`: sends the COMMIT. */
  readonly commit?: () => void;
}

export interface WriteKind {
  readonly name: string;
  /** How its client is answered: an HTTP status, a PostgreSQL ErrorResponse, or (TCP) never. */
  readonly wire: 'http' | 'pg' | 'tcp';
  /** Sizes it has: a Parquet upload or an INSERT VALUES has no endless form. */
  readonly sizes: readonly WriteSize[];
  /** The table its rows go to (it has columns ts and x). */
  readonly table: string;
  /** Line protocol over TCP has no answer at all: its client is told nothing, whatever happens. */
  readonly silent?: boolean;
  /** A PostgreSQL transaction block: its COMMIT can be held (StartOptions.holdCommit). */
  readonly block?: boolean;
  /**
   * Bytes a full-disk cell leaves free for a write of `size`, when the disk should run out part-way (a
   * two-table write: in its second table). Default: 2 MB for a write with an endless form, else none.
   */
  fullDiskHeadroom?(size: WriteSize): number;
  /** Creates its table (and any file it uploads) for a write of `size`. */
  prepare(server: OutcomeServer, size: WriteSize): Promise<void>;
  /**
   * Waits until the write has reached its final state, where that is not "the table's writer is free"
   * (TCP commits its lines some time after they arrive). Default: OutcomeServer.untilWritten.
   */
  settles?(server: OutcomeServer, size: WriteSize): Promise<void>;
  start(server: OutcomeServer, size: WriteSize, options: StartOptions): Promise<StartedWrite>;
  visible(server: OutcomeServer, size: WriteSize): Promise<Visibility>;
}

/** Rows of each size; endless is as good as infinite (never finishes before it is stopped). */
export const ROWS: Readonly<Record<WriteSize, number>> = { small: 10_000, big: 1_000_000, endless: 100_000_000_000 };

/** The table most writes append to: BASE rows with x = y = 1..BASE, and two columns to drop. */
export const BASE = 1000;
export const baseTable = (name: string): string[] => [
  `create table ${name} (ts timestamp, x long, y long, s symbol, d1 int, d2 int) timestamp(ts) partition by day with maxUncommittedRows=20000`,
  `insert into ${name} select timestamp_sequence('2020-01-01', 60000000L), x, x, 'base', 1, 2 from long_sequence(${BASE})`,
];
export const BASE_TABLE = baseTable('w');

export const sumTo = (n: number): number => (n * (n + 1)) / 2;

/**
 * What of an append of `rows` new rows (x = 1..rows, y = 2x, every field set) `table` shows. A row missing a
 * field is a torn row, partial whatever the counts say.
 */
export async function appended(server: OutcomeServer, rows: number, lineByLine = false, table = 'w'): Promise<Visibility> {
  const [[count, sx, sy]] = await server.run(`select count(), sum(x), sum(y) from ${table}`) as number[][];
  const [[torn]] = await server.run(`select count() from ${table} where y = null or s = null or ts = null`) as number[][];
  if (torn > 0) return { kind: 'partial', what: `${torn} rows with a missing field` };
  if (count === BASE && sx === sumTo(BASE) && sy === sumTo(BASE)) return { kind: 'none' };
  if (count === BASE + rows && sx === sumTo(BASE) + sumTo(rows) && sy === sumTo(BASE) + 2 * sumTo(rows)) return { kind: 'whole' };
  const n = count - BASE;
  if (lineByLine && n > 0 && n < rows && sx === sumTo(BASE) + sumTo(n) && sy === sumTo(BASE) + 2 * sumTo(n)) return { kind: 'lines', rows: n };
  return { kind: 'partial', what: `${count - BASE} of ${rows} rows (sum(x)=${sx}, sum(y)=${sy})` };
}

/** Sleeps; a stop lands while the server works on the write. */
export const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
