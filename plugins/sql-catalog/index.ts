/**
 * PostgreSQL's catalog as svc answers it: the `pg_catalog` relations (pg_class, pg_namespace, pg_attribute,
 * pg_type, pg_database, pg_settings, …) built from the real tables, `information_schema` views, and the
 * functions PostgreSQL tools call while they connect and browse (current_setting, format_type,
 * pg_table_is_visible, …). Registered as SqlFunctions, so any client — PostgreSQL wire or /exec — can query them.
 */
import { DependencyContainer } from 'tsyringe';
import { SqlFunction } from '../../core/extension/sql-function';
import { Plugin } from '../../core/plugin';
import { catalogRelations } from './catalog-relations';

export const sqlCatalogPlugin: Plugin = {
  name: 'sql-catalog',
  dependsOn: ['sql-functions'],
  register(container: DependencyContainer): void {
    for (const f of catalogRelations) container.register(SqlFunction, { useValue: f });
  },
};
