import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLogConfig } from '../config/log-config';
import { levelGapWarning } from './level-gaps';

const warn = (level: string): string | undefined =>
  levelGapWarning(parseLogConfig(`writers=a\nw.a.class=X\nw.a.level=${level}`, {}, '/r/log.conf').writers[0]);

test('DEBUG alone hides Info, Error and Critical lines and gets a warning naming the key', () => {
  assert.equal(warn('DEBUG'), 'log level set hides Info, Error, Critical lines: w.a.level [value=DEBUG, source=/r/log.conf line 3, '
    + 'env=SVC_LOG_W_A_LEVEL]; a list enables only the levels above its highest entry, so write DEBUG,INFO (or start with -Debug) '
    + 'to add Debug lines to the usual ones');
  assert.match(warn('DEBUG,ERROR') ?? '', /hides Info lines/);
});

test('thresholds get no warning', () => {
  for (const level of ['INFO', 'ERROR', 'CRITICAL', 'DEBUG,INFO', 'INFO,ERROR']) assert.equal(warn(level), undefined, level);
  assert.equal(levelGapWarning(parseLogConfig('writers=a\nw.a.class=X', {}).writers[0]), undefined);
});
