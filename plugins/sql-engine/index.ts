/** The SQL engine: binder, planner and executor behind the QueryEngine token (core/sql). */
import { DependencyContainer, Lifecycle } from 'tsyringe';
import { Plugin } from '../../core/plugin';
import { QueryEngine } from '../../core/sql/query-engine';
import { SqlQueryEngine } from '../../core/sql/sql-query-engine';

export const sqlEnginePlugin: Plugin = {
  name: 'sql-engine',
  dependsOn: ['sql-grammar', 'storage-columnar', 'sql-functions'],
  register(container: DependencyContainer): void {
    container.register(QueryEngine, { useClass: SqlQueryEngine }, { lifecycle: Lifecycle.Singleton });
  },
};
