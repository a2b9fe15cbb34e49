/**
 * Running detached: start-up scripts send console output to
 * `log/stdout-<yyyy-MM-ddTHH-mm-ss>.txt`. svc has no
 * start script, so the rule is explicit: when `SVC_DETACHED` is `true` (or `1`/`yes`) console writers
 * also write that file, one per process, shared by every console writer; the console itself still gets
 * the lines only when it is a terminal (nobody reads a detached stdout, and writing into a closed pipe
 * would fail).
 */
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { compileDatePattern } from '../../core/log/date-placeholder';
import { FileAppender } from '../../core/log/file-appender';
import { nowMicros } from '../../core/log/log-line';

export const DETACHED_ENV = 'SVC_DETACHED';

const STDOUT_FILE_STAMP = compileDatePattern('yyyy-MM-ddTHH-mm-ss');

export function isDetached(env: Readonly<Record<string, string | undefined>>): boolean {
  const v = env[DETACHED_ENV]?.trim().toLowerCase();
  return v === 'true' || v === '1' || v === 'yes';
}

export function stdoutFileName(micros: number): string {
  return `stdout-${STDOUT_FILE_STAMP(micros)}.txt`;
}

/** Console writers of one server: the shared stdout file is opened by the first one that needs it. */
export class ConsoleTargets {
  private file: FileAppender | undefined;
  private users = 0;

  constructor(private readonly console: Writable) {}

  consoleFor(detached: boolean): Writable | undefined {
    if (!detached) return this.console;
    return (this.console as Writable & { isTTY?: boolean }).isTTY === true ? this.console : undefined;
  }

  stdoutFile(logDir: string): FileAppender {
    this.file ??= new FileAppender(join(logDir, stdoutFileName(nowMicros())));
    this.users++;
    return this.file;
  }

  /** Called by each writer on close; the file closes with the last one. */
  release(): void {
    if (--this.users === 0) { this.file?.close(); this.file = undefined; }
  }
}
