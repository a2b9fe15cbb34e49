/**
 * PostgreSQL's catalog as svc answers it: the `pg_catalog` relations (pg_class, pg_namespace,
 * pg_attribute, pg_type, pg_database, pg_settings, …) built from the real tables, and the functions
 * PostgreSQL tools call while they connect and browse (current_setting, format_type,
 * pg_table_is_visible, `::regclass`, …). Registered as SqlFunctions, so any client — PostgreSQL wire or
 * /exec — can query them.
 */
import { DependencyContainer } from 'tsyringe';
import { SqlFunction } from '../../core/extension/sql-function';
import { StorageEngine } from '../../core/extension/storage-engine';
import { Plugin } from '../../core/plugin';
import { catalogFunctions } from './catalog-functions';
import { catalogRelations } from './catalog-relations';
import { pgArrayFunctions } from './pg-array-functions';

export const sqlCatalogPlugin: Plugin = {
  name: 'sql-catalog',
  dependsOn: ['sql-functions', 'storage-columnar'],
  register(container: DependencyContainer): void {
    for (const f of catalogRelations) container.register(SqlFunction, { useValue: f });
    // Storage is resolved when a function runs: it is registered, not yet started, at this point.
    const functions = catalogFunctions((name) => container.resolve<StorageEngine>(StorageEngine).getTable(name));
    for (const f of [...functions, ...pgArrayFunctions]) container.register(SqlFunction, { useValue: f });
  },
};
