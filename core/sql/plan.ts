/**
 * The physical plan: a tree of operators, each producing its columns as a lazy stream of batches.
 * Streams are async generators, so a consumer that stops early (LIMIT, a closed connection) returns
 * through every operator's `finally` and releases readers. Operators check the signal between batches.
 */
import { ColumnBatch } from '../data/column-batch';
import { ResultColumn } from '../data/result-set';
import { StorageEngine } from '../extension/storage-engine';
import { FunctionContext } from '../extension/sql-function';
import type { BoundExpr } from './bound-expression';
import { Vector } from '../data/vector';
import { SvcError } from '../errors';
import type { ParameterValues } from './parameters/parameter-values';

export interface ExecContext {
  readonly signal: AbortSignal;
  readonly storage: StorageEngine;
  readonly functions: FunctionContext;
  /** Results of IN (SELECT …) / scalar sub-queries, filled before the outer query runs. */
  readonly subqueries: Map<BoundExpr, Vector>;
  /** This execution's bind parameter values (core/sql/parameters); absent when the statement has none. */
  readonly parameters?: ParameterValues;
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

/** Throws the cancellation error when the query was aborted (client gone, timeout). */
export function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof SvcError) throw reason;
    throw new SvcError('cancelled by user', 400);
  }
}

/** Lets other requests run between batches of long operators. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
