import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcError } from '../../core/errors';
import { Log } from '../../core/log/log';
import { ErrorCounter } from '../../core/metrics/error-counter';
import { ErrorReport } from './error-report';

class MemoryLog implements Log {
  readonly source = 'pg-server';
  readonly debugEnabled = false;
  readonly lines: string[] = [];
  advisory(m: string): void { this.lines.push(`A ${m}`); }
  critical(m: string): void { this.lines.push(`C ${m}`); }
  error(m: string): void { this.lines.push(`E ${m}`); }
  info(m: string): void { this.lines.push(`I ${m}`); }
  debug(m: string): void { this.lines.push(`D ${m}`); }
}

function report(): { report: ErrorReport; log: MemoryLog; errors: ErrorCounter } {
  const log = new MemoryLog(), errors = new ErrorCounter();
  return { report: new ErrorReport(log, errors), log, errors };
}

const source = { text: 'insert into w select * from long_sequence(10)', offset: 0, phase: 'run' } as const;

test('a full disk is SQLSTATE 53100 disk_full with its message and an Error line, not an unhandled error', () => {
  const { report: r, log, errors } = report();
  const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', path: '/r/db/w~1/x.d' });
  const fields = r.fields(enospc, source);
  assert.deepEqual(fields, { severity: 'ERROR', code: '53100', message: 'could not write to disk: no space left on device [path=/r/db/w~1/x.d]', position: undefined });
  assert.equal(errors.count, 0);
  assert.deepEqual(log.lines, ['E statement failed [phase=run, status=507] could not write to disk: no space left on device [path=/r/db/w~1/x.d]']);
});

test('an unexpected failure stays XX000, a Critical line and a counted error', () => {
  const { report: r, log, errors } = report();
  assert.equal(r.fields(new Error('boom'), source).code, 'XX000');
  assert.equal(errors.count, 1);
  assert.match(log.lines[0], /^C unhandled error \[context=pg-wire\] Error: boom/);
});

test('a user error keeps its SQLSTATE and logs nothing', () => {
  const { report: r, log } = report();
  assert.equal(r.fields(SvcError.tableDoesNotExist(12, 'x'), { ...source, phase: 'compile' }).code, '42P01');
  assert.equal(r.fields(new SvcError('Write permission denied', 403), source).code, '25006');
  assert.deepEqual(log.lines, []);
});
