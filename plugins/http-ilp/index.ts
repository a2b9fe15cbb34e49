import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  HTTP_CONTEXT_ILP, HTTP_CONTEXT_ILP_PING, HTTP_DECOMPRESSION_RATIO_LIMIT, LINE_HTTP_ENABLED, LINE_HTTP_GZIP_MAX_SIZE, LINE_HTTP_PING_VERSION,
} from '../../core/config/server-keys';
import { HttpRoute } from '../../core/extension/http-route';
import { LogFactory } from '../../core/log/log';
import { Plugin } from '../../core/plugin';
import { ErrorResponder } from '../../core/server/error-responder';
import { ReadOnlyGuard } from '../../core/server/read-only-guard';
import { ResponseFraming } from '../../core/server/response-framing';
import { LineIngestion } from '../line-protocol/line-ingestion';
import { PingRoute } from './ping-route';
import { WriteRoute, WriteRouteServices } from './write-route';

/** InfluxDB v2 clients write to /api/v2/write; QuestDB's clients to /write (`http.context.ilp`). */
const INFLUX_V2_WRITE = '/api/v2/write';

/** Line protocol over HTTP: POST /write and /api/v2/write, GET /ping. Off with `line.http.enabled=false`. */
export const httpIlpPlugin: Plugin = {
  name: 'http-ilp',
  dependsOn: ['line-protocol'],
  register(container: DependencyContainer): void {
    const config = container.resolve(ServerConfig);
    if (!config.get(LINE_HTTP_ENABLED)) return;
    const services = (c: DependencyContainer): WriteRouteServices => ({
      ingestion: c.resolve(LineIngestion),
      framing: c.resolve(ResponseFraming),
      guard: c.resolve(ReadOnlyGuard),
      responder: c.resolve(ErrorResponder),
      log: c.resolve<LogFactory>(LogFactory).create('line-http'),
      gzipMaxBytes: config.get(LINE_HTTP_GZIP_MAX_SIZE),
      ratioLimit: config.get(HTTP_DECOMPRESSION_RATIO_LIMIT),
    });
    const write = config.get(HTTP_CONTEXT_ILP) ?? '/write';
    for (const path of write === INFLUX_V2_WRITE ? [write] : [write, INFLUX_V2_WRITE]) {
      container.register(HttpRoute, { useFactory: (c) => new WriteRoute(path, services(c)) });
    }
    const ping = config.get(HTTP_CONTEXT_ILP_PING) ?? '/ping';
    container.register(HttpRoute, { useFactory: (c) => new PingRoute(ping, config.get(LINE_HTTP_PING_VERSION) ?? 'v2.7.4', c.resolve(ResponseFraming)) });
  },
};
