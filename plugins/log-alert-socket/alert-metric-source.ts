/**
 * The alert writers' counters on /metrics (when `metrics.enabled=true`), so undelivered alerts are
 * visible to monitoring and not only in the log: delivered, rejected (4xx), dropped, failed attempts,
 * and the alerts waiting now. Values are summed over the server's alert writers at scrape time.
 */
import { Counter, Gauge, Registry } from 'prom-client';
import { MetricSource } from '../../core/extension/metric-source';
import { AlertStats } from './alert-sender';

export interface AlertStatsSource {
  readonly stats: AlertStats;
}

export class AlertMetricSource implements MetricSource {
  /** Writers add themselves when log.conf creates them. */
  readonly writers: AlertStatsSource[] = [];

  register(registry: Registry): void {
    const sum = (key: keyof AlertStats): number => this.writers.reduce((s, w) => s + w.stats[key], 0);
    const counter = (name: string, help: string, key: keyof AlertStats): void => {
      new Counter({ name, help, registers: [registry], collect(this: Counter): void { this.reset(); this.inc(sum(key)); } });
    };
    counter('svc_log_alerts_delivered_total', 'Alerts the alert manager accepted.', 'delivered');
    counter('svc_log_alerts_rejected_total', 'Alerts the alert manager refused with a 4xx answer.', 'rejected');
    counter('svc_log_alerts_dropped_total', 'Alerts dropped: out buffer full or still queued at shutdown.', 'dropped');
    counter('svc_log_alerts_failed_attempts_total', 'Send attempts that failed (no connection, 5xx, no answer).', 'failedAttempts');
    new Gauge({ name: 'svc_log_alerts_queued', help: 'Alerts waiting for delivery.', registers: [registry],
      collect(this: Gauge): void { this.set(sum('queued')); } });
  }
}
