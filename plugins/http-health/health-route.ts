/**
 * Health check: any GET path on the min listener (spec "GET {health_url}/<any path>"). 200,
 * `text/plain`, chunked, body `Status: Healthy` (15 bytes, no newline; http-api.md §7). With
 * `metrics.enabled` and `http.pessimistic.health.check.enabled`, one unhandled error since start turns
 * it into 500 `Status: Unhealthy\nUnhandled errors: N`.
 */
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { HTTP_HEALTH_AUTH_REQUIRED, HTTP_PESSIMISTIC_HEALTH, METRICS_ENABLED } from '../../core/config/server-keys';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { ErrorCounter } from '../../core/metrics/error-counter';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';

export const HEALTHY_BODY = 'Status: Healthy';

@injectable()
export class HealthRoute implements HttpRoute {
  readonly listener = 'min';
  readonly path = '*';
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD'];
  readonly requiresAuth: boolean;
  private readonly pessimistic: boolean;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(ErrorCounter) private readonly errors: ErrorCounter,
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
  ) {
    this.requiresAuth = config.get(HTTP_HEALTH_AUTH_REQUIRED);
    this.pessimistic = config.get(METRICS_ENABLED) && config.get(HTTP_PESSIMISTIC_HEALTH);
  }

  async handle({ res }: HttpExchange): Promise<void> {
    const unhandled = this.pessimistic ? this.errors.count : 0;
    if (unhandled > 0) {
      this.framing.sendChunked(res, 500, CONTENT_TYPE.health, `Status: Unhealthy\nUnhandled errors: ${unhandled}`);
      return;
    }
    this.framing.sendChunked(res, 200, CONTENT_TYPE.health, HEALTHY_BODY);
  }
}
