/**
 * GET /metrics on the min listener when `metrics.enabled=true`: 200
 * `text/plain; version=0.0.4; charset=utf-8`, chunked, the Prometheus text of the server's Registry.
 * It runs on the main thread (the registry lives there); the min worker forwards it here, so a scrape
 * waits while the main thread is busy, unlike health. Credentials as for health.
 */
import { Registry } from 'prom-client';
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { HTTP_HEALTH_AUTH_REQUIRED } from '../../core/config/server-keys';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';

export const METRICS_PATH = '/metrics';

@injectable()
export class MetricsRoute implements HttpRoute {
  readonly listener = 'min';
  readonly path = METRICS_PATH;
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD'];
  readonly requiresAuth: boolean;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(Registry) private readonly registry: Registry,
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
  ) {
    this.requiresAuth = config.get(HTTP_HEALTH_AUTH_REQUIRED);
  }

  async handle({ res }: HttpExchange): Promise<void> {
    const text = await this.registry.metrics();
    this.framing.sendChunked(res, 200, CONTENT_TYPE.metrics, text);
  }
}
