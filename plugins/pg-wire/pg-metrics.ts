/**
 * Counters of the PostgreSQL listener, exposed on /metrics (with `metrics.enabled=true`) as
 * `svc_pg_wire_*` families: open connections, connections refused past the limit, queries (each
 * statement of a simple Query and each Execute that starts a statement), errors sent, failed logins.
 */
import { Registry } from 'prom-client';
import { MetricSource } from '../../core/extension/metric-source';
import { readCounter, readGauge } from '../http-metrics/server-metric-source';

export class PgMetrics implements MetricSource {
  connections = 0;
  refusedConnections = 0;
  queries = 0;
  errors = 0;
  authFailures = 0;

  register(registry: Registry): void {
    readGauge(registry, 'svc_pg_wire_connections', 'Open PostgreSQL wire connections.', () => this.connections);
    readCounter(registry, 'svc_pg_wire_connections_refused_total', 'PostgreSQL connections refused past pg.net.connection.limit.', () => this.refusedConnections);
    readCounter(registry, 'svc_pg_wire_queries_total', 'Statements run over the PostgreSQL wire protocol.', () => this.queries);
    readCounter(registry, 'svc_pg_wire_errors_total', 'ErrorResponses sent over the PostgreSQL wire protocol.', () => this.errors);
    readCounter(registry, 'svc_pg_wire_auth_failures_total', 'Failed PostgreSQL logins.', () => this.authFailures);
  }
}
