/**
 * The SQL pipeline as routes see it: `compile` parses, binds and plans one statement (errors are
 * SvcError.sql with the position); `execute` runs it. Registered by the SQL engine plugin under the
 * `QueryEngine` token; /exec, /exp and the console endpoints use it.
 */
import { ColumnType } from '../data/column-type';
import { ResultColumn, ResultSet } from '../data/result-set';
import type { ParameterInfo } from './parameters/parameter-slots';
import type { SqlValue } from './vector/sql-value';
import type { WriteTransaction } from './write-transaction';

export type { ParameterInfo };

export const QueryEngine = Symbol.for('svc.QueryEngine');

export type StatementKind = 'select' | 'insert' | 'update' | 'ddl';

/**
 * Rows of the result to produce, applied on top of the query's own LIMIT. `lo`/`hi` are 0-based,
 * half-open; a negative `lo` counts from the end (`{ lo: -20 }` = the last 20 rows).
 */
export interface RowWindow {
  readonly lo: number;
  readonly hi?: number;
}

export interface ExecuteOptions {
  /** Aborts the query: client gone, timeout or cancellation; the executor stops within one batch. */
  readonly signal: AbortSignal;
  /**
   * When the query must stop, as a `performance.now()` instant. The engine checks it inside long loops
   * (where a timer cannot fire), then fails with `timeout, query aborted` and aborts its own signal.
   */
  readonly deadline?: number;
  readonly window?: RowWindow;
  /**
   * Values of the statement's bind parameters in slot order (`CompiledQuery.parameters`): text as a client
   * sends it (`'42'`, `'2024-01-01 10:00:00'`, `'t'`) or typed values, converted to each parameter's type.
   * Required when the statement has parameters (else `bind variable service is not provided`, as QuestDB).
   */
  readonly parameters?: readonly SqlValue[];
  /** Counts the rows the query's table scans read, as they read them (the route's progress report). */
  readonly progress?: QueryProgress;
  /**
   * The session's open transaction (PostgreSQL's BEGIN): INSERT and UPDATE write into it instead of
   * committing, and the statement reads the rows it holds. DDL still commits on its own.
   */
  readonly transaction?: WriteTransaction;
}

/** Live counters of one execution, written by the engine and read by whoever reports progress. */
export interface QueryProgress {
  rowsScanned: number;
}

export interface CompileOptions {
  /** Types the client declared for `$1..$n`; an undefined entry (or a missing one) is inferred from the query. */
  readonly parameterTypes?: readonly (ColumnType | undefined)[];
}

export type QueryOutcome =
  | { readonly kind: 'rows'; readonly result: ResultSet }
  | { readonly kind: 'ddl' }
  | { readonly kind: 'insert'; readonly inserted: number }
  | { readonly kind: 'update'; readonly updated: number };

export interface CompiledQuery {
  readonly sql: string;
  readonly kind: StatementKind;
  /** True when the WHERE filter runs as a compiled (generated) loop: /exec `explain=true` → `jitCompiled`. */
  readonly jitCompiled: boolean;
  /** The bind parameters (`$1`, `:name`) in slot order with their declared or inferred types. */
  readonly parameters?: readonly ParameterInfo[];
  /** A SELECT's result columns, known before it runs (PostgreSQL's Describe). */
  readonly columns?: readonly ResultColumn[];
  /** A SELECT's designated timestamp: its index in `columns`, or -1. */
  readonly timestampIndex?: number;
  /**
   * QuestDB's name of the statement's type (`SELECT`, `INSERT`, `CREATE TABLE`, `DROP`, …; statement-type.ts),
   * which `/api/v1/sql/validate` answers for statements that are not queries.
   */
  readonly statementType?: string;
  /**
   * Present when the statement may be kept and run again for the same text (/exec's query cache): a query
   * without parameters whose planning read nothing but table schemas. True while those schemas are unchanged.
   */
  readonly reusable?: () => boolean;
  /** Runs the statement; may run many times with different parameter values. Throws SvcError (400 with position for SQL/runtime errors). */
  execute(options: ExecuteOptions): Promise<QueryOutcome>;
}

export interface QueryEngine {
  /** Parses, binds and plans one statement; throws SvcError.sql(position, message). */
  compile(sql: string, options?: CompileOptions): CompiledQuery;
}
