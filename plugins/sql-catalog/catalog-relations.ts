/** Every relation and function of the catalog plugin. */
import { TableSchema } from '../../core/data/table-schema';
import { SqlFunction, TableFunction } from '../../core/extension/sql-function';
import { catalogFunctions } from './catalog-functions';
import { pgArrayFunctions } from './pg-array-functions';
import { generateSeries } from './generate-series';
import { pgAttribute, pgClass, pgNamespace, pgTables } from './pg-class-relations';
import { emptyRelations } from './pg-empty-relations';
import { pgAm, pgCollation, pgDatabase, pgRoles, pgSettings, pgTablespace, pgUser } from './pg-server-relations';
import { pgType } from './pg-type-relation';
import { pgGetKeywords } from './pg-keywords';

export const catalogRelations: readonly TableFunction[] = [
  pgNamespace, pgClass, pgAttribute, pgTables, pgType, pgDatabase, pgRoles, pgUser, pgSettings, pgAm, pgTablespace, pgCollation,
  ...emptyRelations, generateSeries, pgGetKeywords,
];

/** Everything the plugin registers; `findTable` looks a table up by name (the `reg*` casts). */
export function catalogSqlFunctions(findTable: (name: string) => TableSchema | undefined): SqlFunction[] {
  return [...catalogRelations, ...catalogFunctions(findTable), ...pgArrayFunctions];
}
