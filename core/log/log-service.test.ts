import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LogWriter } from '../extension/log-writer';
import { LogLevel } from './log-level';
import { formatLine } from './log-line';
import { LogRecord } from './log-record';
import { LogService } from './log-service';

class Memory implements LogWriter {
  lines: string[] = [];
  write(r: LogRecord): void { this.lines.push(r.line); }
  async flush(): Promise<void> {}
  async close(): Promise<void> {}
}

const all = LogLevel.Info | LogLevel.Error | LogLevel.Critical | LogLevel.Advisory;

test('the line is <ISO µs>Z <marker> <source> <message>', () => {
  assert.equal(formatLine(Date.UTC(2023, 1, 24, 14, 59, 45) * 1000 + 76113, LogLevel.Advisory, 'server-main', 'Config:'),
    '2023-02-24T14:59:45.076113Z A server-main Config:');
});

test('records logged before configuration are replayed to the writers', () => {
  const svc = new LogService();
  svc.create('early').advisory('hello');
  const w = new Memory();
  svc.configure([{ name: 'm', levels: all, scope: undefined, writer: w }]);
  assert.match(w.lines[0], /Z A early hello$/);
});

test('a writer only receives levels in its set', () => {
  const svc = new LogService();
  const w = new Memory();
  svc.configure([{ name: 'm', levels: LogLevel.Error, scope: undefined, writer: w }]);
  const log = svc.create('x');
  log.info('no'); log.error('yes'); log.debug('no');
  assert.equal(w.lines.length, 1);
  assert.equal(log.debugEnabled, false);
});

test('scoped writers take their sources; unscoped writers take the rest', () => {
  const svc = new LogService();
  const plain = new Memory();
  const min = new Memory();
  svc.configure([
    { name: 'stdout', levels: all, scope: undefined, writer: plain },
    { name: 'http.min', levels: all, scope: 'http-min-server', writer: min },
  ]);
  svc.create('http-min-server').info('health');
  svc.create('server-main').info('main');
  assert.equal(min.lines.length, 1);
  assert.equal(plain.lines.length, 1);
  assert.match(plain.lines[0], /main$/);
});

test('the debug override adds Debug to every writer', () => {
  const svc = new LogService(true);
  const w = new Memory();
  svc.configure([{ name: 'm', levels: LogLevel.Error, scope: undefined, writer: w }]);
  const log = svc.create('x');
  assert.equal(log.debugEnabled, true);
  log.debug('detail');
  assert.equal(w.lines.length, 1);
});
