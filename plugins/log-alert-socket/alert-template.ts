/**
 * The alert payload: the built-in template or a file (`location`,
 * absolute or relative to the root) that must contain `${ALERT_MESSAGE}`. `${ORGID}` `${NAMESPACE}`
 * `${CLUSTER_NAME}` `${INSTANCE_NAME}` (environment, default GLOBAL) and `${SVC_VERSION}` are fixed at
 * start-up; `${date:<format>}` is the time of sending (as documented; QuestDB resolved it at
 * load) and `${ALERT_MESSAGE}` the log line. Inserted text is JSON-string escaped, so any message
 * keeps the payload valid JSON (QuestDB only escaped quotes and `$`).
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { SvcError } from '../../core/errors';
import { compileDatePattern, DateFormatter } from '../../core/log/date-placeholder';

export const DEFAULT_ALERT_TEMPLATE = '[{"Status":"firing","Labels":{"alertname":"SvcInstanceLogs","service":"svc",'
  + '"category":"application-logs","severity":"critical","version":"${SVC_VERSION}","cluster":"${CLUSTER_NAME}",'
  + '"orgid":"${ORGID}","namespace":"${NAMESPACE}","instance":"${INSTANCE_NAME}",'
  + '"alertTimestamp":"${date: yyyy/MM/ddTHH:mm:ss.SSS}"},"Annotations":{"description":'
  + '"ERROR/cl:${CLUSTER_NAME}/org:${ORGID}/ns:${NAMESPACE}/db:${INSTANCE_NAME}","message":"${ALERT_MESSAGE}"}}]';

export const TEMPLATE_VARIABLES = ['ORGID', 'NAMESPACE', 'CLUSTER_NAME', 'INSTANCE_NAME'] as const;

type Part = string | DateFormatter | typeof MESSAGE;
const MESSAGE = Symbol('ALERT_MESSAGE');

/** JSON string content: quotes, backslashes and control characters escaped; `\b \f \r \n` dropped and TAB → space as QuestDB does. */
export function escapeAlertText(text: string): string {
  return JSON.stringify(text.replace(/[\b\f\r\n]/g, '').replace(/\t/g, ' ')).slice(1, -1);
}

export class AlertTemplate {
  private constructor(private readonly parts: readonly Part[]) {}

  static load(location: string | undefined, rootDir: string, env: Readonly<Record<string, string | undefined>>,
    version: string): AlertTemplate {
    let text = DEFAULT_ALERT_TEMPLATE;
    if (location !== undefined && location.trim() !== '') {
      const path = isAbsolute(location) ? location : join(rootDir, location);
      try {
        text = readFileSync(path, 'utf8');
      } catch (e) {
        throw new SvcError(`cannot read alert template ${path}: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (!text.includes('${ALERT_MESSAGE}')) throw new SvcError(`Bad template, no \${ALERT_MESSAGE} declaration found ${location}`);
    }
    const values = new Map<string, string>([['SVC_VERSION', version]]);
    for (const v of TEMPLATE_VARIABLES) values.set(v, env[v] === undefined || env[v] === '' ? 'GLOBAL' : String(env[v]));
    const parts: Part[] = [];
    let last = 0;
    for (const m of text.matchAll(/\$\{([^}]*)\}/g)) {
      const name = m[1];
      const index = m.index ?? 0;
      let part: Part | undefined;
      if (name === 'ALERT_MESSAGE') part = MESSAGE;
      else if (/^date:/.test(name)) part = compileDatePattern(name.slice(5).trim());
      else if (values.has(name)) part = escapeAlertText(values.get(name) ?? '');
      if (part === undefined) continue; // unknown placeholders stay as they are
      parts.push(text.slice(last, index), part);
      last = index + m[0].length;
    }
    parts.push(text.slice(last));
    return new AlertTemplate(parts.filter((p) => p !== ''));
  }

  /** The payload for one message at `micros` (time of sending). */
  render(message: string, micros: number): string {
    let out = '';
    for (const p of this.parts) out += typeof p === 'string' ? p : p === MESSAGE ? escapeAlertText(message) : p(micros);
    return out;
  }
}
