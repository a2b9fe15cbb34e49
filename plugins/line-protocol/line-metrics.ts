/**
 * Line-protocol counters per transport, bumped as plain numbers on the hot paths and read when /metrics is
 * scraped: rows committed, lines rejected (the bad line of each refused request or closed connection) and
 * bytes received (QuestDB's `line_http_recv_bytes` / `line_tcp_recv_bytes`), plus open TCP connections.
 * Committed rows also count into `svc_ilp_rows_total`.
 */
import { Registry } from 'prom-client';
import { inject, injectable } from 'tsyringe';
import { MetricSource } from '../../core/extension/metric-source';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { readCounter, readGauge } from '../http-metrics/server-metric-source';

export type LineTransport = 'http' | 'tcp';

export class TransportCounters {
  rows = 0;
  rejectedLines = 0;
  bytes = 0;
}

@injectable()
export class LineMetrics implements MetricSource {
  readonly http = new TransportCounters();
  readonly tcp = new TransportCounters();
  tcpConnections = 0;

  constructor(@inject(ServerMetrics) private readonly server: ServerMetrics) {}

  of(transport: LineTransport): TransportCounters {
    return transport === 'http' ? this.http : this.tcp;
  }

  /** Rows a transaction committed. */
  committed(transport: LineTransport, rows: number): void {
    this.of(transport).rows += rows;
    this.server.ilpRows += rows;
  }

  register(registry: Registry): void {
    for (const t of ['http', 'tcp'] as const) {
      const c = this.of(t);
      readCounter(registry, `svc_line_${t}_rows_total`, `Rows committed through line protocol over ${t.toUpperCase()}.`, () => c.rows);
      readCounter(registry, `svc_line_${t}_rejected_lines_total`, `Bad lines rejected over ${t.toUpperCase()}.`, () => c.rejectedLines);
      readGauge(registry, `svc_line_${t}_recv_bytes`, `Line protocol bytes received over ${t.toUpperCase()}.`, () => c.bytes);
    }
    readGauge(registry, 'svc_line_tcp_connections', 'Open line protocol TCP connections.', () => this.tcpConnections);
  }
}
