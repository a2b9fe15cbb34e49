/**
 * What a generated expression may read: the columns of the query's source, each with its type, its value
 * profile and whether its text stays in the Basic Multilingual Plane (positional string functions count
 * UTF-16 units in QuestDB's STRING and code points in DuckDB, so they only see BMP text), plus some of the
 * values stored in it, so that constants in filters match rows as often as they miss them.
 */
import { Prng } from '../prng';
import { FuzzTypeName, Value } from './fuzz-types';
import { Profile } from './value-generator';

export interface ScopeColumn {
  readonly name: string;
  readonly type: FuzzTypeName;
  readonly profile: Profile;
  readonly bmpOnly: boolean;
  /** The table alias in a join (`a.x`), none in a one-table query. */
  readonly qualifier?: string;
  /** Values found in the column (a sample, may be empty). */
  readonly values: readonly Value[];
  /**
   * The right side of a LEFT JOIN: an unmatched row reads QuestDB's stored NULL of the type, which for
   * BOOLEAN, BYTE and SHORT is false / 0 (they have no NULL), so DuckDB's NULL is replaced by it.
   */
  readonly outer?: boolean;
}

export class Scope {
  constructor(readonly columns: readonly ScopeColumn[]) {}

  ofType(pred: (t: FuzzTypeName) => boolean): ScopeColumn[] {
    return this.columns.filter((c) => pred(c.type));
  }

  /** A random column whose type passes `pred`, or undefined. */
  pick(rnd: Prng, pred: (t: FuzzTypeName) => boolean): ScopeColumn | undefined {
    const cs = this.ofType(pred);
    return cs.length > 0 ? rnd.pick(cs) : undefined;
  }
}
