/**
 * GET/HEAD /ping: 204 with `X-Influxdb-Version` (`line.http.ping.version`), which InfluxDB
 * clients and Telegraf call before writing. Open without credentials, as QuestDB's ping is.
 */
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { ResponseFraming } from '../../core/server/response-framing';

export class PingRoute implements HttpRoute {
  readonly listener = 'api';
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD'];
  readonly requiresAuth = false;

  constructor(readonly path: string, private readonly version: string, private readonly framing: ResponseFraming) {}

  async handle(exchange: HttpExchange): Promise<void> {
    this.framing.begin(exchange.res, { status: 204, headers: [['X-Influxdb-Version', this.version]] });
    exchange.res.end();
  }
}
