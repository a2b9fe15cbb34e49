/**
 * Name resolution for one FROM clause (names are case-insensitive). A single table
 * uses a lazy scope: a column gets a scan slot when first referenced, so the scan reads only the columns
 * the query uses. Sub-queries, joins and table functions use a fixed scope over their output columns.
 */
import { ColumnType } from '../data/column-type';
import { TableSchema } from '../data/table-schema';
import { SvcError } from '../errors';

export interface ScopeColumn {
  readonly name: string;
  /** Lower-case alias or table name the column can be qualified with. */
  readonly qualifiers: readonly string[];
  readonly type: ColumnType;
  readonly index: number;
}

export interface Scope {
  /** Throws `Invalid column: x` at `position` when no column matches. */
  resolve(name: string, qualifier: string | undefined, position: number): ScopeColumn;
  /** Columns for `*` / `t.*`, in order. */
  star(qualifier: string | undefined, position: number): ScopeColumn[];
  /** Layout index of the designated timestamp, or -1. */
  readonly timestampIndex: number;
}

export class FixedScope implements Scope {
  constructor(readonly columns: readonly ScopeColumn[], readonly timestampIndex: number) {}

  resolve(name: string, qualifier: string | undefined, position: number): ScopeColumn {
    const lower = name.toLowerCase();
    const q = qualifier?.toLowerCase();
    const hits = this.columns.filter((c) => c.name.toLowerCase() === lower && (q === undefined || c.qualifiers.includes(q)));
    if (hits.length === 0) throw SvcError.invalidColumn(position, qualifier ? `${qualifier}.${name}` : name);
    if (hits.length > 1 && q === undefined) throw SvcError.sql(position, `Ambiguous column [name=${name}]`);
    return hits[0];
  }

  star(qualifier: string | undefined, position: number): ScopeColumn[] {
    if (qualifier === undefined) return [...this.columns];
    const q = qualifier.toLowerCase();
    const cols = this.columns.filter((c) => c.qualifiers.includes(q));
    if (cols.length === 0) throw SvcError.sql(position, `invalid table alias: ${qualifier}`);
    return cols;
  }
}

export class LazyTableScope implements Scope {
  /** Table column indexes in scan order. */
  readonly used: number[] = [];
  private readonly qualifiers: readonly string[];

  constructor(readonly table: TableSchema, alias: string | undefined) {
    this.qualifiers = alias ? [alias.toLowerCase()] : [table.name.toLowerCase()];
  }

  get timestampIndex(): number {
    return this.used.indexOf(this.table.timestampIndex);
  }

  /** Slot of a table column, adding it to the scan when new. */
  slot(tableColumn: number): number {
    let k = this.used.indexOf(tableColumn);
    if (k < 0) { k = this.used.length; this.used.push(tableColumn); }
    return k;
  }

  resolve(name: string, qualifier: string | undefined, position: number): ScopeColumn {
    const lower = name.toLowerCase();
    if (qualifier !== undefined && !this.qualifiers.includes(qualifier.toLowerCase())) {
      throw SvcError.invalidColumn(position, `${qualifier}.${name}`);
    }
    const c = this.table.columns.findIndex((x) => x.name.toLowerCase() === lower);
    if (c < 0) throw SvcError.invalidColumn(position, qualifier ? `${qualifier}.${name}` : name);
    const def = this.table.columns[c];
    return { name: def.name, qualifiers: this.qualifiers, type: def.type, index: this.slot(c) };
  }

  star(qualifier: string | undefined, position: number): ScopeColumn[] {
    if (qualifier !== undefined && !this.qualifiers.includes(qualifier.toLowerCase())) throw SvcError.sql(position, `invalid table alias: ${qualifier}`);
    return this.table.columns.map((d, c) => ({ name: d.name, qualifiers: this.qualifiers, type: d.type, index: this.slot(c) }));
  }
}

export const EMPTY_SCOPE: Scope = new FixedScope([], -1);
