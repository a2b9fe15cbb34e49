/**
 * The shape of a parallel kernel: which columns it reads (by slot in the task's column list), the filter
 * predicate, the grouping and the aggregates. A shape holds generated source pieces and numbers only;
 * kernel-source.ts turns it into one function body, the same for every query of that shape.
 */

/** How a value of a column is null: NaN (FLOAT, DOUBLE), a sentinel (INT, LONG family) or never. */
export type NullKind = 'nan' | 'long' | 'int' | 'none';

export interface KernelAggregate {
  readonly op: 'count' | 'sum' | 'min' | 'max';
  readonly nulls: NullKind;
  /** Column slot of the argument (-1 for count(*), and for a computed value). */
  readonly column: number;
  /**
   * A computed argument (core/sql/compiled-values.ts): source over `c<k>[i]` and `a<k>`, NaN for NULL (`nulls`
   * is then 'nan'). Such aggregates take the row-by-row steps, never block chains or summaries.
   */
  readonly value?: string;
}

/**
 * `none`: one group; `symbol`: a dense array indexed by symbol key + 1; `number`: a hash on the value; `tuple`:
 * two SYMBOL keys, a dense 2-D array indexed by (key₁ + 1) × (size₂ + 1) + key₂ + 1 (tuple-kernel-source.ts).
 */
export type KeyMode = 'none' | 'symbol' | 'number' | 'tuple';

export interface KernelFilter {
  /** Predicate source over `c<k>[i]` (k < columns) and `a<k>` (k < args), from CompiledFilter. */
  readonly body: string;
  readonly args: number;
}

export interface AggregateKernelShape {
  readonly key: KeyMode;
  /** Column slot of the key (symbol and number modes; the first key in tuple mode). */
  readonly keyColumn: number;
  /** Tuple mode: column slot of the second key. */
  readonly keyColumn2?: number;
  readonly filter?: KernelFilter;
  readonly aggregates: readonly KernelAggregate[];
  /** Column slots in the task (`c0 … c<n-1>`). */
  readonly columns: number;
  /** Arguments before the mode's own (`a0 …`): the filter's, or the filter's and computed values' together. */
  readonly args?: number;
}

/** How many arguments come before a kernel mode's own. */
export function leadArgs(shape: AggregateKernelShape): number {
  return shape.args ?? shape.filter?.args ?? 0;
}

export interface FilterKernelShape {
  readonly filter: KernelFilter;
  readonly columns: number;
}
