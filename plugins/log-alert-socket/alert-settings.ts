/**
 * The alert writer's keys: `alertTargets` = `host[:port],…` (at most
 * 12, optional surrounding quotes; a missing port is 9093, a missing host 127.0.0.1; an empty list
 * means `defaultAlertHost:defaultAlertPort`), `inBufferSize` (2 MiB) and `outBufferSize` (4 MiB) with
 * unit suffixes, `reconnectDelay` (250 ms). Malformed values stop start-up.
 */
import { parseInteger, parseSize } from '../../core/config/config-key';
import { settingError } from '../../core/config/setting-origin';
import { SvcError } from '../../core/errors';
import { LogWriterSettings } from '../../core/extension/log-writer';

export const MAX_ALERT_TARGETS = 12;
export const DEFAULT_ALERT_HOST = '127.0.0.1';
export const DEFAULT_ALERT_PORT = 9093;

export interface AlertTarget {
  readonly host: string;
  readonly port: number;
}

export interface AlertSettings {
  readonly targets: readonly AlertTarget[];
  /** Most response bytes read for one alert's acknowledgement. */
  readonly inBufferSize: number;
  /** Most bytes of alerts waiting for delivery; one alert never exceeds it. */
  readonly outBufferSize: number;
  readonly reconnectDelayMs: number;
}

export function parseAlertSettings(settings: LogWriterSettings): AlertSettings {
  const p = settings.properties;
  const bad = (key: string, value: string, expected: string): SvcError =>
    settingError('invalid value for log.conf key', { ...settings.origin(key), value }, `expected ${expected}`);
  const port = (key: string, text: string): number => {
    const n = parseInteger(text, 1, 65535);
    if (n === undefined) throw bad(key, text, 'a port in 1..65535');
    return n;
  };
  const size = (key: string, fallback: number): number => {
    const text = p.get(key);
    if (text === undefined) return fallback;
    const n = parseSize(text);
    if (n === undefined || n < 1024) throw bad(key, text, 'a size of at least 1k, unit suffix allowed (2m)');
    return n;
  };
  const defaultHost = p.get('defaultAlertHost')?.trim() || DEFAULT_ALERT_HOST;
  const defaultPortText = p.get('defaultAlertPort');
  const defaultPort = defaultPortText === undefined ? DEFAULT_ALERT_PORT : port('defaultAlertPort', defaultPortText);
  const targetsText = (p.get('alertTargets') ?? '').trim().replace(/^"(.*)"$/, '$1');
  const items = targetsText.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length > MAX_ALERT_TARGETS) {
    throw new SvcError(`too many alert targets [writer=${settings.name}, count=${items.length}, max=${MAX_ALERT_TARGETS}]`);
  }
  const targets = items.map((item): AlertTarget => {
    const m = /^(?:\[([^\]]*)\]|([^:]*))(?::(.*))?$/.exec(item);
    const host = (m?.[1] ?? m?.[2] ?? '').trim();
    if (!m || /\s/.test(host)) throw bad('alertTargets', item, 'host[:port]');
    return { host: host === '' ? DEFAULT_ALERT_HOST : host, port: m[3] === undefined ? DEFAULT_ALERT_PORT : port('alertTargets', m[3]) };
  });
  const delayText = p.get('reconnectDelay');
  const delay = delayText === undefined ? 250 : parseInteger(delayText, 0, 3_600_000);
  if (delay === undefined) throw bad('reconnectDelay', delayText ?? '', 'milliseconds');
  return {
    targets: targets.length > 0 ? targets : [{ host: defaultHost, port: defaultPort }],
    inBufferSize: size('inBufferSize', 2 * 1024 * 1024),
    outBufferSize: size('outBufferSize', 4 * 1024 * 1024),
    reconnectDelayMs: delay,
  };
}
