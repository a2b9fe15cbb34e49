/**
 * The columns the line protocol makes, and the checks QuestDB makes line by line about them: a new table's
 * columns (its first line's, then the designated timestamp, which a table the protocol creates always has),
 * a new column's type (TIMESTAMP_NS for a nanosecond field, SYMBOL(256) cached for a tag) and name (the
 * CREATE TABLE rules and no `-`), `x=` for a column that does not exist by its line, and the new columns
 * one line may add. Problems are reported as LineErrors; table-plan.ts keeps the first by line.
 */
import { ColumnDef } from '../../core/data/table-schema';
import { ColumnType, TypeTag, Types } from '../../core/data/column-type';
import { isSvcError } from '../../core/errors';
import { validateColumnName, validateTableName } from '../storage-columnar/table-name';
import { BlockColumn } from './block-column';
import { castError } from './column-conversion';
import { IlpType, newColumnType } from './ilp-type';
import { LineError, LineMessages } from './line-error';
import { TableBlock } from './table-block';
import type { PlanRules, TablePlan } from './table-plan';

/** The designated timestamp a new table gets (QuestDB's default name). */
export const DEFAULT_TIMESTAMP_NAME = 'timestamp';

/** The symbol capacity of a SYMBOL column the protocol creates (QuestDB: 256, cached). */
export const NEW_SYMBOL_CAPACITY = 256;

/** `x=` where the table has no column `x` yet (neither stored nor made by an earlier line): QuestDB's invalid column type. */
export function checkEmptyValues(plan: TablePlan, block: TableBlock, report: (e: LineError) => void): void {
  for (let k = 0; k < block.emptyNames.length; k++) {
    const line = block.emptyLines[k];
    if (!plan.hasAt(block.emptyNames[k], line)) report(new LineError(LineMessages.invalidColumnType(plan.name, block.emptyNames[k]), line));
  }
}

/** A line adding more columns than `line.max.new.columns.per.line` (found after the table limit, which wins on the same line). */
export function checkNewColumnsPerLine(plan: TablePlan, rules: PlanRules, report: (e: LineError) => void): void {
  for (const [line, count] of plan.newPerLine) {
    if (count > rules.maxNewColumnsPerLine) report(new LineError(LineMessages.tooManyNewColumns(plan.name, rules.maxNewColumnsPerLine), line));
  }
}

export function newTableProblem(block: TableBlock, rules: PlanRules): LineError | undefined {
  const line = block.lines[0];
  if (rules.systemRelations.has(block.table.toLowerCase())) return new LineError(LineMessages.readOnlyTable(block.table), line);
  if (!rules.autoCreateTables) return new LineError(LineMessages.newTablesDisabled(block.table), line);
  try {
    validateTableName(block.table, rules.maxNameLength);
  } catch (e) {
    if (!isSvcError(e)) throw e;
    return new LineError(LineMessages.invalidTableName(block.table), line);
  }
  return undefined;
}

/**
 * A new table: the columns of its first line, then the designated timestamp `timestamp`. A field of that name
 * is the designated timestamp (TIMESTAMP_NS when given in nanoseconds); any other kind of value under that
 * name (a tag, a float, a string…) is a cast error, so the protocol never makes a table without its
 * designated timestamp. False when the table cannot be made (the reason is reported).
 */
export function createColumns(plan: TablePlan, block: TableBlock, rules: PlanRules, report: (e: LineError) => void): boolean {
  const line = block.lines[0];
  for (const c of block.columns) {
    if (c.firstRow !== 0 || !c.used) continue;
    if (c.name.toLowerCase() === DEFAULT_TIMESTAMP_NAME) {
      if (c.type !== IlpType.TIMESTAMP && c.type !== IlpType.INTEGER) {
        report(castError(c, Types.TIMESTAMP, { table: plan.name, rows: block.rows, lines: block.lines }));
        return false;
      }
      const type = c.type === IlpType.TIMESTAMP && c.firstNanos ? Types.TIMESTAMP_NS : Types.TIMESTAMP;
      plan.timestampIndex = plan.add({ name: c.name, type }, true, line);
      continue;
    }
    const def = newColumn(plan, c, block, rules, report, true);
    if (def === undefined) continue;
    plan.add(def, true, line);
  }
  if (plan.timestampIndex < 0) plan.timestampIndex = plan.add({ name: DEFAULT_TIMESTAMP_NAME, type: Types.TIMESTAMP }, true, line, false);
  plan.createCount = plan.columns.length;
  if (plan.columns.length > rules.maxColumns) report(new LineError(LineMessages.tooManyColumns(plan.name, rules.maxColumns), line));
  return true;
}

/** The definition of a new column for `c`, or undefined after reporting why it cannot be added. */
export function newColumn(plan: TablePlan, c: BlockColumn, block: TableBlock, rules: PlanRules, report: (e: LineError) => void,
  creating = false): ColumnDef | undefined {
  const line = block.lines[c.firstRow];
  if (plan.existing !== undefined && !rules.autoCreateColumns) {
    report(new LineError(LineMessages.newColumnsDisabled(plan.name, c.name), line));
    return undefined;
  }
  if (!isLineColumnName(c.name, rules.maxNameLength)) {
    report(new LineError(LineMessages.invalidColumnName(plan.name, c.name), line));
    return undefined;
  }
  let type: ColumnType | undefined = newColumnType(c.type, c.dims, rules.newColumnTypes);
  if (type?.tag === TypeTag.TIMESTAMP && c.firstNanos) type = Types.TIMESTAMP_NS;
  if (type === undefined) {
    report(new LineError(creating
      ? LineMessages.decimalCreatedManually(plan.name, c.name)
      : LineMessages.decimalNotCreated(plan.name, c.name), line));
    return undefined;
  }
  if (plan.columns.length >= rules.maxColumns) {
    report(new LineError(LineMessages.tooManyColumns(plan.name, rules.maxColumns), line));
    return undefined;
  }
  if (type.tag === TypeTag.SYMBOL) return { name: c.name, type, symbolCapacity: NEW_SYMBOL_CAPACITY, symbolCached: true };
  return { name: c.name, type };
}

/**
 * The CREATE TABLE rules for a column name, and no `-` either: QuestDB's line protocol refuses a hyphen in a
 * column name (`p-q=1i`) although SQL can create one.
 */
function isLineColumnName(name: string, maxLength: number): boolean {
  if (name.includes('-')) return false;
  try {
    validateColumnName(name, maxLength);
    return true;
  } catch (e) {
    if (!isSvcError(e)) throw e;
    return false;
  }
}
