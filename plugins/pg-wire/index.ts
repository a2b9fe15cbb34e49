/**
 * The PostgreSQL wire protocol listener (`pg.enabled`, default true; `pg.net.bind.to`, default
 * 0.0.0.0:8812): psql, node-postgres, psycopg, pandas/SQLAlchemy, Grafana and JDBC tools run SQL
 * through the one QueryEngine. Registers the PgServer as a Lifecycle service and its metrics.
 */
import { DependencyContainer, Lifecycle as Scope } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { PG_ENABLED } from '../../core/config/server-keys';
import { Lifecycle } from '../../core/extension/lifecycle';
import { MetricSource } from '../../core/extension/metric-source';
import { Plugin } from '../../core/plugin';
import { PgMetrics } from './pg-metrics';
import { PgServer } from './pg-server';

export const pgWirePlugin: Plugin = {
  name: 'pg-wire',
  dependsOn: ['sql-engine', 'sql-catalog', 'import-delimited'],
  register(container: DependencyContainer): void {
    if (!container.resolve(ServerConfig).get(PG_ENABLED)) return;
    const metrics = new PgMetrics();
    container.registerInstance(PgMetrics, metrics);
    container.register(MetricSource, { useValue: metrics });
    container.register(PgServer, { useClass: PgServer }, { lifecycle: Scope.Singleton });
    container.register(Lifecycle, { useFactory: (c) => c.resolve(PgServer) });
  },
};
