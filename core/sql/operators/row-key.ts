/** A row's values as one string key (DISTINCT, set operations, join keys); type-tagged so 1 ≠ '1'. */
import { Vector } from '../../data/vector';
import { readValue } from '../vector/sql-value';

export function rowKey(vectors: readonly Vector[], i: number): string {
  let key = '';
  for (const v of vectors) {
    const x = readValue(v, i);
    key += x === null ? '\u0001' : x instanceof Uint8Array ? Buffer.from(x).toString('hex') : typeof x === 'number' || typeof x === 'bigint' ? `n${String(x)}` : `${typeof x}:${String(x)}`;
    key += '\u0000';
  }
  return key;
}
