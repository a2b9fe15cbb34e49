import assert from 'node:assert/strict';
import test from 'node:test';
import { plain, select } from './test-helpers';

const str = (value: string, position: number): object => ({ kind: 'literal', type: 'string', value, raw: `'${value}'`, position });

test('SAMPLE BY keeps the stride as a duration with its case-sensitive unit', () => {
  assert.deepEqual(plain(select('SELECT ts, avg(x) FROM t SAMPLE BY 1M').sampleBy), {
    kind: 'sampleBy', position: 25, interval: { kind: 'duration', value: 1, unit: 'M', raw: '1M', position: 35 },
  });
  assert.equal(select('SELECT ts, count() FROM t SAMPLE BY 30m').sampleBy?.interval.unit, 'm');
  assert.equal(select('SELECT ts, count() FROM t SAMPLE BY 500T').sampleBy?.interval.value, 500);
});

test('SAMPLE BY FROM … TO … with FILL(NULL)', () => {
  const s = select("SELECT ts, max(temp) FROM sensors SAMPLE BY 1h FROM '2025-03-01T00:00:00Z' TO '2025-03-01T05:00:00Z' FILL(NULL)");
  assert.deepEqual(plain(s.sampleBy?.from), str('2025-03-01T00:00:00Z', 52));
  assert.deepEqual(plain(s.sampleBy?.to), str('2025-03-01T05:00:00Z', 78));
  assert.deepEqual(plain(s.sampleBy?.fill), [{ kind: 'fill', mode: 'null', position: 106 }]);
});

test('FILL takes one entry per aggregate: PREV, PREV(col), LINEAR, NONE, NULL and constants', () => {
  const s = select('SELECT ts, a(x), b(x), c(x), d(x), e(x), f(x) FROM t SAMPLE BY 1h FILL(PREV, PREV(x), LINEAR, NONE, NULL, -1.5)');
  assert.deepEqual(plain(s.sampleBy?.fill), [
    { kind: 'fill', mode: 'prev', position: 71 },
    { kind: 'fill', mode: 'prev', column: { kind: 'identifier', name: 'x', quoted: false, position: 82 }, position: 77 },
    { kind: 'fill', mode: 'linear', position: 86 },
    { kind: 'fill', mode: 'none', position: 94 },
    { kind: 'fill', mode: 'null', position: 100 },
    { kind: 'fill', mode: 'value', value: { kind: 'literal', type: 'double', value: -1.5, raw: '-1.5', position: 106 }, position: 106 },
  ]);
});

test('ALIGN TO CALENDAR with TIME ZONE and WITH OFFSET', () => {
  const s = select("SELECT ts, count() FROM t SAMPLE BY 1d ALIGN TO CALENDAR TIME ZONE 'Europe/Berlin' WITH OFFSET '00:45'");
  assert.deepEqual(plain(s.sampleBy?.align), {
    kind: 'alignCalendar', position: 39, timeZone: str('Europe/Berlin', 67), offset: str('00:45', 95),
  });
  assert.deepEqual(plain(select('SELECT ts, count() FROM t SAMPLE BY 1d ALIGN TO CALENDAR').sampleBy?.align),
    { kind: 'alignCalendar', position: 39 });
});

test('ALIGN TO FIRST OBSERVATION', () => {
  assert.deepEqual(plain(select('SELECT ts, count() FROM t SAMPLE BY 1h ALIGN TO FIRST OBSERVATION').sampleBy?.align),
    { kind: 'alignFirstObservation', position: 39 });
});

test('LATEST ON ts PARTITION BY several columns, after WHERE', () => {
  const s = select('SELECT * FROM t WHERE a > 1 LATEST ON ts PARTITION BY k1, k2');
  assert.deepEqual(plain(s.latestOn), {
    kind: 'latestOn', position: 28, timestamp: { kind: 'identifier', name: 'ts', quoted: false, position: 38 },
    partitionBy: [{ kind: 'column', name: 'k1', quoted: false, position: 54 }, { kind: 'column', name: 'k2', quoted: false, position: 58 }],
  });
  assert.ok(s.where !== undefined);
});

test('the legacy LATEST BY form has no timestamp', () => {
  const s = select('SELECT * FROM t LATEST BY k');
  assert.ok(s.latestOn !== undefined && s.latestOn.timestamp === undefined && s.latestOn.partitionBy.length === 1);
});

test('ASOF, LT and SPLICE joins with ON and TOLERANCE', () => {
  const s = select('SELECT * FROM a ASOF JOIN b ON (sym) TOLERANCE 5s LT JOIN c ON a.x = c.x SPLICE JOIN d');
  assert.deepEqual(plain(s.from?.joins[0].tolerance), { kind: 'duration', value: 5, unit: 's', raw: '5s', position: 47 });
  assert.deepEqual(s.from?.joins.map(j => [j.joinType, j.position]), [['asof', 16], ['lt', 50], ['splice', 73]]);
});

test('window functions: IGNORE NULLS, PARTITION BY, ORDER BY and a ROWS frame', () => {
  const e = select('SELECT avg(t) IGNORE NULLS OVER (PARTITION BY id ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM s')
    .projection[0].expr;
  assert.ok(e.kind === 'call' && e.ignoreNulls === true);
  assert.deepEqual(plain(e.over), {
    kind: 'window', position: 32,
    partitionBy: [{ kind: 'column', name: 'id', quoted: false, position: 46 }],
    orderBy: [{ kind: 'orderItem', expr: { kind: 'column', name: 'ts', quoted: false, position: 58 }, descending: false, position: 58 }],
    frame: {
      kind: 'frame', mode: 'rows', position: 61,
      start: { kind: 'frameBound', bound: 'preceding', offset: { kind: 'literal', type: 'int', value: 1, raw: '1', position: 74 }, position: 74 },
      end: { kind: 'frameBound', bound: 'currentRow', position: 90 },
    },
  });
});

test("RANGE frames take a time unit: '5' MINUTE PRECEDING and 5 minute preceding", () => {
  const quoted = select("SELECT avg(t) OVER (ORDER BY ts RANGE BETWEEN '5' MINUTE PRECEDING AND CURRENT ROW) FROM s").projection[0].expr;
  assert.ok(quoted.kind === 'call' && quoted.over?.frame?.mode === 'range');
  assert.deepEqual(plain(quoted.over?.frame?.start), {
    kind: 'frameBound', bound: 'preceding', unit: 'minute', position: 46,
    offset: { kind: 'literal', type: 'char', value: '5', raw: "'5'", position: 46 },
  });
  const bare = select('SELECT avg(t) OVER (ORDER BY ts RANGE 5 minute preceding) FROM s').projection[0].expr;
  assert.ok(bare.kind === 'call');
  assert.equal(bare.over?.frame?.start.unit, 'minute');
  assert.equal(bare.over?.frame?.end.bound, 'currentRow');
});

test('UNBOUNDED bounds and EXCLUDE CURRENT ROW', () => {
  const e = select('SELECT sum(t) OVER (ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW) FROM s')
    .projection[0].expr;
  assert.ok(e.kind === 'call' && e.over?.frame !== undefined);
  assert.deepEqual([e.over.frame.start.bound, e.over.frame.end.bound, e.over.frame.exclude],
    ['unboundedPreceding', 'unboundedFollowing', 'currentRow']);
});

test('an empty OVER () and a named window reference', () => {
  const empty = select('SELECT row_number() OVER () FROM s').projection[0].expr;
  assert.deepEqual(plain(empty.kind === 'call' && empty.over), { kind: 'window', partitionBy: [], orderBy: [], position: 25 });
  const named = select('SELECT avg(x) OVER w FROM s WINDOW w AS (ORDER BY ts)').projection[0].expr;
  assert.equal(named.kind === 'call' && named.over?.name?.name, 'w');
});
