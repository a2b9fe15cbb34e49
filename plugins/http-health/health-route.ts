/**
 * Health check: every GET path on the min listener. 200,
 * `text/plain`, chunked, body `Status: Healthy` (15 bytes, no newline). With
 * `metrics.enabled` and `http.pessimistic.health.check.enabled`, one unhandled error since start turns
 * it into 500 `Status: Unhealthy\nUnhandled errors: N`. The min listener's worker thread answers it
 * through `worker` (health-worker.ts), so it answers while the main thread is busy.
 */
import { join } from 'node:path';
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { HTTP_ENABLED, HTTP_HEALTH_AUTH_REQUIRED, HTTP_PESSIMISTIC_HEALTH, METRICS_ENABLED } from '../../core/config/server-keys';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { WorkerModule } from '../../core/extension/worker-module';
import { ErrorCounter } from '../../core/metrics/error-counter';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { ResponseFraming } from '../../core/server/response-framing';
import { answerHealth, HealthOptions } from './health-answer';

export { HEALTHY_BODY } from './health-answer';

@injectable()
export class HealthRoute implements HttpRoute {
  readonly listener = 'min';
  readonly path = '*';
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD'];
  /** credentials on 9003 when an authenticator is active and this key is true (default). */
  readonly requiresAuth: boolean;
  readonly worker: WorkerModule;
  private readonly options: HealthOptions;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(ErrorCounter) errors: ErrorCounter,
    @inject(ServerMetrics) metrics: ServerMetrics,
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
  ) {
    this.requiresAuth = config.get(HTTP_HEALTH_AUTH_REQUIRED);
    this.options = {
      pessimistic: config.get(METRICS_ENABLED) && config.get(HTTP_PESSIMISTIC_HEALTH), errors: errors.shared,
      api: config.get(HTTP_ENABLED) ? metrics.apiListener : undefined,
    };
    this.worker = { module: join(__dirname, 'health-worker.js'), options: this.options };
  }

  async handle({ res }: HttpExchange): Promise<void> {
    answerHealth(res, this.framing, this.options);
  }
}
