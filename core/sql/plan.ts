/**
 * The physical plan: a tree of operators, each producing its columns as a lazy stream of batches.
 * Streams are async generators, so a consumer that stops early (LIMIT, a closed connection) returns
 * through every operator's `finally` and releases readers. Operators call `checkAborted` between batches
 * and every CHECK_EVERY_ROWS rows of a long synchronous loop (sorts, hash builds, joins, window
 * partitions), so a query whose client left or whose deadline passed stops working and allocating.
 */
import { ColumnBatch } from '../data/column-batch';
import { ResultColumn } from '../data/result-set';
import { StorageEngine, TableReader } from '../extension/storage-engine';
import { FunctionContext } from '../extension/sql-function';
import type { BoundExpr } from './bound-expression';
import { Vector } from '../data/vector';
import type { ParameterValues } from './parameters/parameter-values';
import { QueryCancellation, reasonOf } from './query-cancellation';
import { QueryMemory } from './query-memory';
import type { QueryWorkers } from '../parallel/query-workers';
import type { WriteTransaction } from './write-transaction';

export interface ExecContext {
  /** Fires when the query must stop (the cancellation's signal); worker threads terminate on its 'abort'. */
  readonly signal: AbortSignal;
  readonly cancellation: QueryCancellation;
  /** Bounds the memory of this execution's hash tables (`cairo.sql.hash.max.memory`). */
  readonly memory: QueryMemory;
  readonly storage: StorageEngine;
  readonly functions: FunctionContext;
  /** Results of IN (SELECT …) / scalar sub-queries, filled before the outer query runs. */
  readonly subqueries: Map<BoundExpr, Vector>;
  /** This execution's bind parameter values (core/sql/parameters); absent when the statement has none. */
  readonly parameters?: ParameterValues;
  /** The query worker pool; absent, every operator runs on the main thread. */
  readonly workers?: QueryWorkers;
  /** The session's open transaction (ExecuteOptions.transaction); `storage` is then its view. */
  readonly transaction?: WriteTransaction;
}

/** A reader of `table` for a scan: the transaction's own (its uncommitted rows included) inside one. */
export function openTableReader(context: ExecContext, table: string): Promise<TableReader> | TableReader {
  return context.transaction ? context.transaction.reader(table) : context.storage.openReader(table);
}

export interface PlanNode {
  readonly columns: readonly ResultColumn[];
  /** Index of the designated timestamp in `columns` (-1 when none); rows then come in its order. */
  readonly timestampIndex: number;
  /** A one-line description for EXPLAIN-like output and tests (`Filter(jit)`, `Scan(trades, reverse)`). */
  readonly label: string;
  readonly children: readonly PlanNode[];
  execute(context: ExecContext): AsyncIterable<ColumnBatch>;
}

/**
 * Throws the cancellation error when the query must stop (client gone, timeout, deadline passed). Given
 * the context it also reads the clock (QueryCancellation.check); given a bare signal only the signal.
 */
export function checkAborted(target: ExecContext | AbortSignal): void {
  if ('cancellation' in target) {
    target.cancellation.check();
    return;
  }
  if (target.aborted) throw reasonOf(target);
}

/** Lets other requests run between batches of long operators. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
