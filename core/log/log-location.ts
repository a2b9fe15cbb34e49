/**
 * A writer's `location`: `${log.dir}` is the log folder (`<root>/log`
 * unless log.conf's `log.dir` says otherwise) and `${date:<format>}` the time of opening (rolling
 * writers resolve it again at every roll). A relative result is relative to the database root
 * (relative names land in the mounted directory).
 */
import { isAbsolute, join } from 'node:path';
import { replaceDatePlaceholders } from './date-placeholder';

export interface LocationContext {
  readonly rootDir: string;
  readonly logDir: string;
}

const LOG_DIR_PLACEHOLDER = /\$\{log\.dir\}/g;

export function resolveLogLocation(template: string, context: LocationContext, micros: number): string {
  const text = replaceDatePlaceholders(template.replace(LOG_DIR_PLACEHOLDER, () => context.logDir), micros);
  return isAbsolute(text) ? text : join(context.rootDir, text);
}

/** True when the location changes with time, so a time roll gives a new name rather than a shift. */
export function hasDatePlaceholder(template: string): boolean {
  return /\$\{date:/.test(template);
}
