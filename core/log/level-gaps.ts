/**
 * The trap in QuestDB's level lists: a list enables every level above its highest entry, so
 * `level=INFO` is a threshold, but `level=DEBUG` alone writes Debug lines only and hides Info, Error
 * and Critical. A set that takes Debug while leaving out Info or Error is almost always that
 * mistake, so start-up warns about it (the warning is an Advisory line, which every writer shows).
 */
import { WriterConfig } from '../config/log-config';
import { describeSetting } from '../config/setting-origin';
import { LogLevel } from './log-level';

const NAMES: readonly [LogLevel, string][] = [[LogLevel.Info, 'Info'], [LogLevel.Error, 'Error'], [LogLevel.Critical, 'Critical']];

/** The warning for one writer's configured level set, or undefined when it has no gap. */
export function levelGapWarning(writer: WriterConfig): string | undefined {
  const levels = writer.levels;
  if (levels === undefined || (levels & LogLevel.Debug) === 0) return undefined;
  if ((levels & LogLevel.Info) !== 0 && (levels & LogLevel.Error) !== 0) return undefined;
  const hidden = NAMES.filter(([level]) => (levels & level) === 0).map(([, name]) => name);
  return `log level set hides ${hidden.join(', ')} lines: ${describeSetting(writer.origin('level'))}; `
    + 'a list enables only the levels above its highest entry, so write DEBUG,INFO (or start with -Debug) '
    + 'to add Debug lines to the usual ones';
}
