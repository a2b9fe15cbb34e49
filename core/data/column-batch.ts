import { Vector } from './vector';

/**
 * A set of equal-length vectors: the unit that flows between storage, operators and serializers.
 * Batches from storage are dense; an operator that filters passes a selection instead of copying.
 */
export interface ColumnBatch {
  readonly rowCount: number;
  readonly vectors: readonly Vector[];
}

export const EMPTY_BATCH: ColumnBatch = Object.freeze({ rowCount: 0, vectors: [] });
