/**
 * SQL functions and operators, registered by plugins (plugins/sql-functions) and resolved by the
 * binder by name and argument types. Operators use their symbol as name (`=`, `+`, `and`).
 *
 * Overload resolution: the binder picks the overload whose parameter types the
 * arguments reach with the cheapest implicit casts, then inserts those casts, so a kernel always gets
 * vectors of exactly its declared `args` types. A kernel is a pure function over the vectors' typed arrays:
 * nulls in give nulls out through the type's sentinel.
 */
import { ColumnType } from '../data/column-type';
import { Vector } from '../data/vector';
import { TableSchema, PartitionInfo } from '../data/table-schema';
import { ColumnBatch } from '../data/column-batch';
import { ResultColumn } from '../data/result-set';
import type { QueryMemory } from '../sql/query-memory';

export const SqlFunction = Symbol.for('svc.SqlFunction');

/**
 * A parameter: a concrete type, or `'any'` (the kernel takes the argument as it is, e.g. `coalesce`,
 * `count`), or `'same'` (any type; every `'same'` parameter is cast to their common type).
 */
export type ParamType = ColumnType | 'any' | 'same';

/** What every kernel may read besides its arguments; one per query execution. */
export interface FunctionContext {
  /** `now()`: fixed for the whole execution, µs. */
  readonly now: number;
  /** Seeded random source (long_sequence seeds) or Math.random-based. */
  readonly random: RandomSource;
  /** Current user for `current_user`. */
  readonly user: string;
}

/** QuestDB's `Rnd` (core/sql/random-source.ts): rnd_* functions draw exactly as QuestDB's do. */
export interface RandomSource {
  /** True when long_sequence(n, seed1, seed2) seeded it: rows then draw in QuestDB's order. */
  readonly seeded: boolean;
  /** A double in [0, 1) from 53 random bits. */
  nextDouble(): number;
  /** A float in [0, 1) from 24 random bits. */
  nextFloat(): number;
  /** The low 32 bits of the next word, signed. */
  nextInt(): number;
  /** nextInt() made non-negative (MIN_VALUE → MAX_VALUE). */
  nextPositiveInt(): number;
  /** The next 64-bit word, signed. */
  nextLong(): bigint;
  nextPositiveLong(): bigint;
  nextBoolean(): boolean;
  /** The low 16 bits of the next word, signed. */
  nextShort(): number;
  /** One of `'B'..'Z'`. */
  nextChar(): string;
  nextChars(length: number): string;
}

interface FunctionBase {
  /** Lower-case name; operators use their symbol. */
  readonly name: string;
  readonly args: readonly ParamType[];
  /** The last parameter repeats (concat, coalesce, greatest). */
  readonly variadic?: boolean;
  /** Result type; a function when it depends on the argument types (min/max, coalesce). */
  readonly returns: ColumnType | ((args: readonly ColumnType[]) => ColumnType);
  /**
   * Indexes of parameters that must be constants (`round(x, 2)` scale, `split_part` delimiter);
   * the binder reports a non-constant one at its position.
   */
  readonly constantArgs?: readonly number[];
}

export interface ScalarFunction extends FunctionBase {
  readonly kind: 'scalar';
  /**
   * Optional: the result type when it depends on a constant argument's value (`extract(epoch FROM ts)` is
   * LONG, the other parts INT). `constants[i]` is undefined for an argument that is not constant; a bad
   * constant is a SvcError.sql at its `positions[i]`.
   */
  readonly returnsForConstants?: (constants: readonly unknown[], positions: readonly number[]) => ColumnType | undefined;
  /** Changes per call with equal inputs (`rnd_*`, `systimestamp`): never constant-folded. */
  readonly volatile?: boolean;
  /**
   * Computes `n` result rows. Must not modify its arguments (they may be storage views). `type` is the
   * resolved result type. `site` identifies the call in the query, so a generator (`timestamp_sequence`)
   * can keep per-execution state keyed by (context, site). Throws SvcError for runtime errors.
   */
  kernel(args: readonly Vector[], n: number, type: ColumnType, context: FunctionContext, site?: object): Vector;
}

/**
 * A grouped aggregate state: one slot per group, held in typed arrays
 * `{init, add, merge, value}`), so GROUP BY never allocates per row and partial states can merge.
 */
export interface AggregateState {
  /** Makes room for group ids `0..groups-1`; new slots start empty. Called before `add` uses new ids. */
  init(groups: number): void;
  /** Folds `n` rows: row i belongs to group `groups[i]` (every row to group 0 when `groups` is undefined). */
  add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void;
  /** Folds another state's group `from` into this state's group `to`. */
  merge(other: AggregateState, from: number, to: number): void;
  /** The results of groups `0..groups-1`, one row each. */
  value(groups: number): Vector;
  /**
   * Optional: describes this state as a simple per-group fold over its typed arrays, so GROUP BY can run
   * several aggregates in one generated loop. Called after `init` for each batch (arrays may grow).
   */
  fusion?(): FusedAggregate | undefined;
  /**
   * Optional, for a state without `fusion` (a LONG sum, which checks every batch for sums past 2^53): arrays the
   * query workers' partial sums may be added into, when the planner has bounded them below 2^53 (a sum of
   * CASE constants over a known row count). Called after `init`; `value` reads them back.
   */
  partials?(): FusedAggregate | undefined;
}

/** A fold GROUP BY can fuse: `acc[g]`/`counts[g]` updated per row of group g (see aggregate-loops.ts). */
export interface FusedAggregate {
  readonly op: 'count' | 'sum' | 'min' | 'max';
  /** The input's null sentinel: NaN, LONG_NULL, INT_NULL, or none (count of rows). */
  readonly nulls: 'nan' | 'long' | 'int' | 'none';
  readonly acc: Float64Array;
  readonly counts: Float64Array;
}

export interface AggregateFunction extends FunctionBase {
  readonly kind: 'aggregate';
  /**
   * A fresh state for the resolved argument and result types; `constants` holds constant args' values.
   * `memory` is the query's budget for hash tables (`cairo.sql.hash.max.memory`): a state that keeps a
   * hash of values (count_distinct) grows it through this budget.
   */
  create(args: readonly ColumnType[], type: ColumnType, constants: readonly unknown[], memory?: QueryMemory): AggregateState;
  /**
   * The aggregate is the number of distinct non-null values of its one argument (count_distinct): per group,
   * the number of distinct (group key, value) pairs whose value is not null, which the engine may count with
   * its grouping machinery (core/parallel/distinct-pairs.ts) instead of calling the state.
   */
  readonly countsDistinct?: boolean;
}

/** What a table function (`long_sequence`, `tables()`) can read. */
export interface TableFunctionContext extends FunctionContext {
  listTables(): readonly TableSchema[];
  getTable(name: string): TableSchema | undefined;
  partitions(table: string): readonly PartitionInfo[];
  symbolTableSize(table: string, column: number): number;
  /** The table's last commit number (0 when the engine does not count commits). */
  committedTxn?(table: string): number;
  /** When the table's last commit was made (µs since the epoch); undefined before its first commit or when unknown. */
  lastCommitMicros?(table: string): number | undefined;
  readonly signal: AbortSignal;
}

/** A function in FROM (`long_sequence(10)`, `tables()`); its arguments are constants. */
export interface TableFunction {
  readonly kind: 'table';
  readonly name: string;
  /**
   * A system relation QuestDB keeps as a table (`telemetry_config`): FROM names it without parentheses,
   * before any table of that name, and CREATE TABLE refuses the name, so nothing can stand in for it.
   */
  readonly systemRelation?: boolean;
  /** Checks the constant arguments (SvcError.sql at `positions[i]`) and describes the result. */
  describe(args: readonly unknown[], positions: readonly number[], context: TableFunctionContext): TableFunctionShape;
  /**
   * Optional: the function also takes arguments whose values are known only when the query runs — a
   * column of the enclosing query (`unnest(tc.reloptions)` in a correlated sub-query), a bind parameter.
   * `types` are the arguments' types (SvcError.sql at `positions[i]` for a type it cannot take); the
   * shape's `rows` receives each execution's values, one-row vectors in argument order.
   */
  describeRuntime?(types: readonly ColumnType[], positions: readonly number[]): TableFunctionShape;
}

export interface TableFunctionShape {
  readonly columns: readonly ResultColumn[];
  readonly timestampIndex: number;
  /** Seeds for rnd_* functions (long_sequence(n, seed1, seed2)). */
  readonly seeds?: readonly [bigint, bigint];
  /** Produces the rows; called once per execution (`args`: the runtime arguments of describeRuntime). */
  rows(context: TableFunctionContext, args?: readonly Vector[]): AsyncIterable<ColumnBatch>;
}

export type SqlFunction = ScalarFunction | AggregateFunction | TableFunction;
