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
    // Storage is resolved when a function runs: it is registered, not yet started, at this point; and
    // pg_proc lists every function, registered by plugins before and after this one.
    const functions = catalogSqlFunctions({
      storage: () => container.resolve<StorageEngine>(StorageEngine),
      functions: () => container.resolveAll<SqlFunction>(SqlFunction),
    });
    for (const f of functions) container.register(SqlFunction, { useValue: f });
  },
};
