/** Every relation of the catalog plugin, and generate_series. */
import { TableFunction } from '../../core/extension/sql-function';
import { generateSeries } from './generate-series';
import { pgAttribute, pgClass, pgNamespace, pgTables } from './pg-class-relations';
import { emptyRelations } from './pg-empty-relations';
import { pgAm, pgCollation, pgDatabase, pgRoles, pgSettings, pgTablespace, pgUser } from './pg-server-relations';
import { pgType } from './pg-type-relation';

export const catalogRelations: readonly TableFunction[] = [
  pgNamespace, pgClass, pgAttribute, pgTables, pgType, pgDatabase, pgRoles, pgUser, pgSettings, pgAm, pgTablespace, pgCollation,
  ...emptyRelations, generateSeries,
];
