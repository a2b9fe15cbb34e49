import { Vector } from './vector';
import type { SymbolValues } from '../extension/storage-engine';

/**
 * A set of equal-length vectors: the unit that flows between storage, operators and serializers.
 * Batches from storage are dense; an operator that filters passes a selection instead of copying.
 */
export interface ColumnBatch {
  readonly rowCount: number;
  readonly vectors: readonly Vector[];
  /**
   * Set by a scan narrowed to symbol values (that `ScanOptions.symbolValues` object): every row holds one of
   * them, so a filter that only requires them need not test these rows (Filter.implied).
   */
  readonly narrowedTo?: SymbolValues;
}

export const EMPTY_BATCH: ColumnBatch = Object.freeze({ rowCount: 0, vectors: [] });
