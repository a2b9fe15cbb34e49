import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LogWriter } from '../extension/log-writer';
import { LEVEL_VERBOSE_MARKER, LogLevel } from './log-level';
import { formatLine } from './log-line';
import { LogRecord } from './log-record';
import { LogService } from './log-service';

class Memory implements LogWriter {
  lines: string[] = [];
  records: LogRecord[] = [];
  write(r: LogRecord): void { this.lines.push(r.line); this.records.push(r); }
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

test('every level reaches a writer whose set has it, with its marker', () => {
  const svc = new LogService();
  const w = new Memory();
  svc.configure([{ name: 'm', levels: 31, scope: undefined, writer: w }]);
  const log = svc.create('src');
  log.advisory('a'); log.critical('c'); log.error('e'); log.info('i'); log.debug('d');
  assert.deepEqual(w.lines.map((l) => l.split(' ').slice(1).join(' ')), ['A src a', 'C src c', 'E src e', 'I src i', 'D src d']);
});

test('percent signs in a message are kept as written', () => {
  const svc = new LogService();
  const w = new Memory();
  svc.configure([{ name: 'm', levels: all, scope: undefined, writer: w }]);
  svc.create('x').info('100%% done %s %d');
  assert.match(w.lines[0], / I x 100%% done %s %d$/);
});

test('one record is shared by every writer it goes to', () => {
  const svc = new LogService();
  const a = new Memory();
  const b = new Memory();
  svc.configure([{ name: 'a', levels: all, scope: undefined, writer: a }, { name: 'b', levels: all, scope: undefined, writer: b }]);
  svc.create('x').error('boom');
  assert.equal(a.records[0], b.records[0]);
  assert.equal(a.records[0].message, 'boom');
  assert.equal(a.records[0].level, LogLevel.Error);
});

test('recordLength cuts long messages and log.level.verbose prints level names', () => {
  const svc = new LogService();
  const w = new Memory();
  svc.configure([{ name: 'm', levels: all, scope: undefined, writer: w }], { markers: LEVEL_VERBOSE_MARKER, recordLength: 5 });
  svc.create('x').info('0123456789');
  assert.match(w.lines[0], / INFO x 01234$/);
});

test('a writer that throws does not stop the others or the caller', () => {
  const svc = new LogService();
  const good = new Memory();
  const bad: LogWriter = { write() { throw new Error('disk on fire'); }, flush: async () => {}, close: async () => {} };
  svc.configure([{ name: 'bad', levels: all, scope: undefined, writer: bad }, { name: 'good', levels: all, scope: undefined, writer: good }]);
  const stderr = process.stderr.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    svc.create('x').info('still here');
  } finally {
    process.stderr.write = stderr;
  }
  assert.equal(good.lines.length, 1);
});

test('nothing is written after close', async () => {
  const svc = new LogService();
  const w = new Memory();
  svc.configure([{ name: 'm', levels: all, scope: undefined, writer: w }]);
  const log = svc.create('x');
  await svc.close();
  log.critical('late');
  assert.equal(w.lines.length, 0);
});

test('a disabled Debug call costs next to nothing', () => {
  const svc = new LogService();
  svc.configure([{ name: 'm', levels: all, scope: undefined, writer: new Memory() }]);
  const log = svc.create('x');
  const n = 2_000_000;
  // CPU time, not wall time: other processes on a shared machine must not fail this test.
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) log.debug('detail');
  const used = process.cpuUsage(t0);
  const nsPerCall = ((used.user + used.system) * 1000) / n;
  assert.ok(nsPerCall < 100, `${nsPerCall} ns per disabled debug call`);
});
