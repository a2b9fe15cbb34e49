/**
 * `pg_get_keywords()` (also `pg_catalog.pg_get_keywords()`): the words QuestDB 9.4.4 lists as keywords,
 * one row each in its order, which DBeaver reads at connect to highlight SQL. Only `word` is filled,
 * as QuestDB fills it; PostgreSQL's other columns are there and empty.
 */
import { Types } from '../../core/data/column-type';
import { ResultColumn } from '../../core/data/result-set';
import { TableFunction } from '../../core/extension/sql-function';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { once, rowsBatch } from '../sql-functions/meta/rows-batch';

export const QUESTDB_KEYWORDS: readonly string[] = [
  'add', 'all', 'alter', 'and', 'as', 'asc', 'asof', 'backup', 'between', 'by', 'cache', 'capacity', 'case',
  'cast', 'column', 'columns', 'copy', 'create', 'cross', 'database', 'default', 'delete', 'desc', 'distinct',
  'drop', 'else', 'end', 'except', 'exists', 'fill', 'foreign', 'from', 'grant', 'group', 'header', 'if', 'in',
  'index', 'inner', 'insert', 'intersect', 'into', 'isolation', 'join', 'key', 'latest', 'left', 'level',
  'limit', 'lock', 'lt', 'nan', 'natural', 'nocache', 'none', 'not', 'null', 'on', 'only', 'or', 'order',
  'outer', 'over', 'partition', 'primary', 'references', 'rename', 'repair', 'right', 'sample', 'select', 'show',
  'splice', 'system', 'table', 'tables', 'then', 'to', 'transaction', 'truncate', 'type', 'union', 'unlock',
  'update', 'values', 'when', 'where', 'with', 'writer', 'window',
];

const S = Types.STRING;
const COLUMNS: readonly ResultColumn[] = [
  { name: 'word', type: S }, { name: 'catcode', type: S }, { name: 'barelabel', type: Types.BOOLEAN }, { name: 'catdesc', type: S }, { name: 'baredesc', type: S },
];

export const pgGetKeywords: TableFunction = {
  kind: 'table', name: 'pg_get_keywords',
  describe: () => ({
    columns: COLUMNS, timestampIndex: -1,
    rows: () => once(() => rowsBatch(COLUMNS, QUESTDB_KEYWORDS.map((w): SqlValue[] => [w, null, false, null, null]))),
  }),
};
