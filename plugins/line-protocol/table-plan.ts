/**
 * What a flush will do to one table, decided before anything changes: the table's schema as it will be (the
 * stored one, or a new table made from the columns of its first line plus the designated timestamp `timestamp`,
 * PARTITION BY the configured unit), the columns to add in order of appearance, and every block's values
 * converted to the column types. Blocks are planned in line order, so a value is checked against the type an
 * earlier line gave its column, as QuestDB checks line by line; every problem becomes a LineError and
 * the first by line number wins.
 */
import { LONG_NULL } from '../../core/data/null-values';
import { ColumnDef, CreateTableRequest, PartitionBy, TableSchema } from '../../core/data/table-schema';
import { Vector } from '../../core/data/vector';
import { BlockColumn } from './block-column';
import { castAllowed, castError, ConversionSource, convertColumn } from './column-conversion';
import { IlpType, NewColumnTypes } from './ilp-type';
import { LineError, LineMessages } from './line-error';
import {
  checkEmptyValues, checkNewColumnsPerLine, createColumns, newColumn, newTableProblem,
} from './new-columns';
import { TableBlock } from './table-block';

export { DEFAULT_TIMESTAMP_NAME, NEW_SYMBOL_CAPACITY } from './new-columns';

export interface PlanRules {
  readonly autoCreateTables: boolean;
  readonly autoCreateColumns: boolean;
  readonly partitionBy: PartitionBy;
  readonly newColumnTypes: NewColumnTypes;
  readonly maxColumns: number;
  /** Columns one line may add to its table (a new table's first line included). */
  readonly maxNewColumnsPerLine: number;
  readonly maxNameLength: number;
  /** New partitioned tables are WAL tables (`cairo.wal.enabled.default`, as QuestDB's line protocol makes them). */
  readonly walEnabled: boolean;
  /** Lower-case names of the read-only system relations (`telemetry_config`; core/sql/system-relations.ts): no line may write to one. */
  readonly systemRelations: ReadonlySet<string>;
}

/** A block's rows ready for its table: vectors by plan column index (undefined: no value, nulls). */
export interface PreparedBlock {
  readonly rows: number;
  readonly vectors: readonly (Vector | undefined)[];
  readonly timestamps: Float64Array;
  /** Nanoseconds within each timestamp's µs (for a TIMESTAMP_NS designated timestamp). */
  readonly subMicros: Uint16Array;
}

export class TablePlan {
  readonly columns: ColumnDef[];
  timestampIndex: number;
  /** New table: how many of `columns` the CREATE makes (the rest are added). */
  createCount = 0;
  /** Columns to add to the table, after the stored or created ones. */
  readonly added: ColumnDef[] = [];
  readonly prepared: PreparedBlock[] = [];
  private readonly byName = new Map<string, number>();
  /** The line that made each column this request creates or adds (the stored ones have none). */
  private readonly madeAt = new Map<number, number>();
  /** New columns per line, for `maxNewColumnsPerLine`. */
  readonly newPerLine = new Map<number, number>();

  constructor(readonly name: string, readonly existing: TableSchema | undefined) {
    this.columns = existing ? [...existing.columns] : [];
    this.timestampIndex = existing ? existing.timestampIndex : -1;
    this.columns.forEach((c, i) => this.byName.set(c.name.toLowerCase(), i));
  }

  get key(): string {
    return this.name.toLowerCase();
  }

  /** The CREATE TABLE of a new table. */
  createRequest(rules: PlanRules): CreateTableRequest {
    const columns = this.columns.slice(0, this.createCount);
    const timestamp = this.timestampIndex >= 0 ? columns[this.timestampIndex].name : undefined;
    const partitionBy = timestamp === undefined ? 'NONE' : rules.partitionBy;
    return { name: this.name, columns, timestamp, partitionBy, walEnabled: rules.walEnabled && partitionBy !== 'NONE' };
  }

  indexOf(name: string): number {
    return this.byName.get(name.toLowerCase()) ?? -1;
  }

  /** Adds a column made by `line` (counted as one of that line's new columns unless `counted` is false). */
  add(column: ColumnDef, created: boolean, line: number, counted = true): number {
    const i = this.columns.length;
    this.columns.push(column);
    this.byName.set(column.name.toLowerCase(), i);
    this.madeAt.set(i, line);
    if (counted) this.newPerLine.set(line, (this.newPerLine.get(line) ?? 0) + 1);
    if (!created) this.added.push(column);
    return i;
  }

  /** Whether the column `name` exists when `line` is written: stored, or made by this line or one before it. */
  hasAt(name: string, line: number): boolean {
    const i = this.indexOf(name);
    return i >= 0 && (this.madeAt.get(i) ?? 0) <= line;
  }
}

/** Plans every block (in line order) against the stored schemas; the plans, or the error of the first bad line. */
export function planBlocks(blocks: readonly TableBlock[], lookup: (name: string) => TableSchema | undefined, rules: PlanRules):
  { plans: TablePlan[]; error: LineError | undefined } {
  const plans = new Map<string, TablePlan>();
  let error: LineError | undefined;
  const report = (e: LineError): void => {
    if (error === undefined || (e.line ?? 0) < (error.line ?? 0)) error = e;
  };
  for (const block of blocks) {
    if (block.rows === 0) continue;
    block.finish();
    const key = block.table.toLowerCase();
    let plan = plans.get(key);
    if (plan === undefined) {
      // A system relation is refused as a new table is (new-columns.ts), even over a stored table of its name.
      const existing = rules.systemRelations.has(key) ? undefined : lookup(block.table);
      plan = new TablePlan(existing?.name ?? block.table, existing);
      plans.set(key, plan);
      if (existing === undefined) {
        const problem = newTableProblem(block, rules);
        if (problem !== undefined) { report(problem); continue; }
        if (!createColumns(plan, block, rules, report)) continue;
      }
    } else if (plan.existing === undefined && plan.createCount === 0) {
      continue; // the table could not be created: its first block reported why
    }
    prepareBlock(plan, block, rules, report);
    checkEmptyValues(plan, block, report);
    checkNewColumnsPerLine(plan, rules, report);
  }
  return { plans: [...plans.values()], error };
}

/** Converts one block's columns to the plan's types, adding the columns the table lacks. */
function prepareBlock(plan: TablePlan, block: TableBlock, rules: PlanRules, report: (e: LineError) => void): void {
  const src = { table: plan.name, rows: block.rows, lines: block.lines };
  const vectors: (Vector | undefined)[] = [];
  let timestamps = block.timestamps.subarray(0, block.rows);
  let subMicros = block.subMicros.subarray(0, block.rows);
  for (const c of block.columns) {
    if (!c.used) continue;
    let i = plan.indexOf(c.name);
    if (i < 0) {
      const def = newColumn(plan, c, block, rules, report);
      if (def === undefined) continue;
      i = plan.add(def, false, block.lines[c.firstRow]);
    }
    const type = plan.columns[i].type;
    if (i === plan.timestampIndex) {
      if (c.type !== IlpType.TIMESTAMP && c.type !== IlpType.INTEGER) { report(castError(c, type, src)); continue; }
      const replaced = withTimestamps(timestamps, c, src);
      if (replaced instanceof LineError) { report(replaced); continue; }
      timestamps = replaced;
      subMicros = withFieldSubMicros(subMicros, c);
      continue;
    }
    if (!castAllowed(c.type, c.dims, type)) { report(castError(c, type, src)); continue; }
    const v = convertColumn(c, type, src);
    if (v instanceof LineError) { report(v); continue; }
    vectors[i] = v;
  }
  plan.prepared.push({ rows: block.rows, vectors, timestamps, subMicros });
}

/** The rows whose timestamp a field replaced have the nanoseconds that field gave (`n`), else none. */
function withFieldSubMicros(sub: Uint16Array, c: BlockColumn): Uint16Array {
  const out = Uint16Array.from(sub);
  for (let i = 0; i < out.length; i++) if (c.f64[i] !== LONG_NULL) out[i] = c.sub === undefined ? 0 : Math.max(0, c.sub[i]);
  return out;
}

/** The line timestamps, replaced where a field named after the designated timestamp gave one (never before 1970). */
function withTimestamps(lineTimestamps: Float64Array, c: BlockColumn, src: ConversionSource): Float64Array | LineError {
  const out = Float64Array.from(lineTimestamps);
  for (let i = 0; i < out.length; i++) {
    const v = c.f64[i];
    if (v === LONG_NULL) continue;
    if (v < 0 || (c.sub !== undefined && c.sub[i] < 0)) return new LineError(LineMessages.timestampBefore1970(src.table, String(v)), src.lines[i]);
    out[i] = v;
  }
  return out;
}
