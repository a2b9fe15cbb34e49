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
import { catalogSqlFunctions } from './catalog-relations';

export const sqlCatalogPlugin: Plugin = {
  name: 'sql-catalog',
  dependsOn: ['sql-functions', 'storage-columnar'],
  register(container: DependencyContainer): void {
    // Storage is resolved when a function runs: it is registered, not yet started, at this point.
    const functions = catalogSqlFunctions((name) => container.resolve<StorageEngine>(StorageEngine).getTable(name));
    for (const f of functions) container.register(SqlFunction, { useValue: f });
  },
};
