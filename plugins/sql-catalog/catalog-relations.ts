/** Every relation and function of the catalog plugin. */
import { SqlFunction, TableFunction } from '../../core/extension/sql-function';
import { catalogFunctions } from './catalog-functions';
import { CatalogSources } from './catalog-sources';
import { pgArrayFunctions } from './pg-array-functions';
import { generateSeries } from './generate-series';
import { pgAttribute, pgClass, pgNamespace, pgTables } from './pg-class-relations';
import { emptyRelations } from './pg-empty-relations';
import { pgAm, pgCollation, pgDatabase, pgRoles, pgSettings, pgTablespace, pgUser } from './pg-server-relations';
import { pgType } from './pg-type-relation';
import { pgGetKeywords } from './pg-keywords';
import { pgExpandArray } from './pg-expand-array';
import { pgProc, procFunctions } from './pg-proc-relation';
import { sizeFunctions } from './pg-size-functions';

export const catalogRelations: readonly TableFunction[] = [
  pgNamespace, pgClass, pgAttribute, pgTables, pgType, pgDatabase, pgRoles, pgUser, pgSettings, pgAm, pgTablespace, pgCollation,
  ...emptyRelations, generateSeries, pgGetKeywords, pgExpandArray,
];

/** Everything the plugin registers, reading tables and functions through `sources` when a query runs. */
export function catalogSqlFunctions(sources: CatalogSources): SqlFunction[] {
  const findTable = (name: string): ReturnType<ReturnType<CatalogSources['storage']>['getTable']> => sources.storage().getTable(name);
  return [...catalogRelations, pgProc(sources), ...catalogFunctions(findTable), ...pgArrayFunctions, ...sizeFunctions(sources), ...procFunctions(sources)];
}
