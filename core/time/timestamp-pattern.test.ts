import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseIsoTimestamp } from './iso-timestamp';
import { TimestampPattern } from './timestamp-pattern';

const iso = (s: string): number => parseIsoTimestamp(s) ?? NaN;

test('the bench pattern parses ISO text with microseconds', () => {
  const p = new TimestampPattern('yyyy-MM-ddTHH:mm:ss.SSSUUUZ');
  assert.equal(p.parseString('2016-01-01T00:00:00.000000Z'), iso('2016-01-01T00:00:00.000000Z'));
  assert.equal(p.parseString('2024-02-29T13:45:07.123456Z'), iso('2024-02-29T13:45:07.123456Z'));
});

test('repeated, changed and invalid values in a row each parse on their own', () => {
  const p = new TimestampPattern('yyyy-MM-ddTHH:mm:ss.SSSUUUZ');
  const values = ['2016-01-01T00:00:00.000000Z', '2016-01-01T00:00:00.000000Z', '2016-01-01T00:00:10.000000Z',
    '2016-01-01T00:00:10.000000Z', '2016-13-01T00:00:10.000000Z', '2016-01-01T00:00:10.000000Z', '2017-01-01T00:00:10.000000Z'];
  assert.deepEqual(values.map((v) => p.parseString(v)), values.map(iso));
});

test('a spec-style pattern with literal separators parses', () => {
  const p = new TimestampPattern('yyyy-MM-dd - HH:mm:ss');
  assert.equal(p.parseString('2010-01-01 - 00:00:00'), iso('2010-01-01T00:00:00Z'));
});

test('text that does not match the whole pattern gives NaN', () => {
  const p = new TimestampPattern('yyyy-MM-dd');
  assert.ok(Number.isNaN(p.parseString('2020-03-01:15:43:21')));
  assert.ok(Number.isNaN(p.parseString('2020-02-30')));
  assert.ok(Number.isNaN(new TimestampPattern('yyyy').parseString('2020-03-01')));
});

test('QuestDB examples of to_timestamp parse', () => {
  assert.equal(new TimestampPattern('yyyy-MM-dd:HH:mm:ss.SSSUUU').parseString('2020-03-01:15:43:21.127329'),
    iso('2020-03-01T15:43:21.127329Z'));
  assert.equal(new TimestampPattern('dd/MM/yyyy HH:mm:ss').parseString('15/03/2024 14:30:45'), iso('2024-03-15T14:30:45Z'));
});

test('month names, 12-hour clock and zone offsets are understood', () => {
  assert.equal(new TimestampPattern('dd MMM yyyy h:mm a').parseString('05 Mar 2021 1:07 PM'), iso('2021-03-05T13:07:00Z'));
  assert.equal(new TimestampPattern("yyyy-MM-dd'T'HH:mm:ssZ").parseString('2021-03-05T10:00:00+02:00'), iso('2021-03-05T08:00:00Z'));
  assert.equal(new TimestampPattern('dd/MMM/yyyy:HH:mm:ss Z').parseString('10/Oct/2000:13:55:36 -0700'), iso('2000-10-10T20:55:36Z'));
});

test('a variable fraction keeps microseconds', () => {
  const p = new TimestampPattern('yyyy-MM-ddTHH:mm:ss.U+Z');
  assert.equal(p.parseString('2021-01-01T00:00:00.5Z'), iso('2021-01-01T00:00:00.500000Z'));
  assert.equal(p.parseString('2021-01-01T00:00:00.1234567Z'), iso('2021-01-01T00:00:00.123456Z'));
});

test('formatting writes each field', () => {
  const t = iso('2024-03-05T07:08:09.012345Z');
  assert.equal(new TimestampPattern('yyyy-MM-dd').format(t), '2024-03-05');
  assert.equal(new TimestampPattern('yyyy-MM-ddTHH:mm:ss.SSSUUUZ').format(t), '2024-03-05T07:08:09.012345Z');
  assert.equal(new TimestampPattern('EEE, d MMM yyyy hh a').format(t), 'Tue, 5 Mar 2024 07 AM');
});

test('the fixed-width fast path agrees with the general parser and rejects bad days', () => {
  const p = new TimestampPattern('yyyy-MM-ddTHH:mm:ss.SSSUUUZ');
  for (let ms = -2e12; ms < 4e12; ms += 7.77e10) {
    const text = new Date(Math.round(ms)).toISOString().replace('Z', '123Z');
    assert.equal(p.parseString(text), iso(text), text);
  }
  assert.ok(Number.isNaN(p.parseString('2021-02-29T00:00:00.000000Z')));
  assert.equal(p.parseString('2021-01-01T00:00:00.000000+01:00'), iso('2020-12-31T23:00:00Z'));
});

test('the fixed-width fast path reads only the fraction while the date and time repeat, and still rejects bad digits', () => {
  const p = new TimestampPattern('yyyy-MM-ddTHH:mm:ss.SSSUUUZ');
  const texts = ['2024-01-01T00:00:00.000001Z', '2024-01-01T00:00:00.999999Z', '2024-01-01T00:00:00.000001Z',
    '2024-01-01T00:00:01.500000Z', '2024-01-02T00:00:01.500000Z', '2024-01-02T00:00:01.5x0000Z', '2024-01-02T00:00:01.500000X',
    '2024-01-02T00:00:01.250000Z', '2024-02-30T00:00:01.250000Z', '2024-01-02T00:00:01.250001Z', '1969-12-31T23:59:59.999999Z'];
  for (const text of texts) {
    const expected = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(text) && !text.startsWith('2024-02-30') ? iso(text) : NaN;
    assert.equal(p.parseString(text), expected, text);
  }
  const ms = new TimestampPattern('yyyy-MM-dd HH:mm:ss.SSS');
  assert.equal(ms.parseString('2024-01-01 10:00:00.250'), iso('2024-01-01T10:00:00.250Z'));
  assert.equal(ms.parseString('2024-01-01 10:00:00.251'), iso('2024-01-01T10:00:00.251Z'));
});

test('the fast path notices a change in any one byte of the date and time, read from one buffer', () => {
  const p = new TimestampPattern('yyyy-MM-ddTHH:mm:ss.SSSUUUZ');
  const base = '2024-01-01T10:20:30.123456Z';
  const texts: string[] = [];
  for (let k = 0; k < 19; k++) {
    if (!/\d/.test(base[k])) continue;
    const digit = base[k] === '1' ? '0' : '1';
    texts.push(base, base.slice(0, k) + digit + base.slice(k + 1));
  }
  const bytes = new TextEncoder().encode(texts.join(''));
  texts.forEach((text, i) => assert.equal(p.parse(bytes, i * 27, i * 27 + 27), iso(text), text));
});

test('short prefixes and nanosecond digits take the fast path too', () => {
  const short = new TimestampPattern('ss.SSS');
  const bytes = new TextEncoder().encode('01.25001.25102.000');
  assert.deepEqual([0, 6, 12].map((o) => short.parse(bytes, o, o + 6)), [1_250_000, 1_251_000, 2_000_000]);
  const nanos = new TimestampPattern('yyyy-MM-ddTHH:mm:ss.SSSUUUNNNZ');
  const text = new TextEncoder().encode('2024-01-01T00:00:00.123456789Z2024-01-01T00:00:00.000001999Z');
  assert.deepEqual([0, 30].map((o) => nanos.parse(text, o, o + 30)), [iso('2024-01-01T00:00:00.123456Z'), iso('2024-01-01T00:00:00.000001Z')]);
});

test('parseInto stores what parse returns, and leaves the slot alone for text parse rejects', () => {
  const fixed = new TimestampPattern('yyyy-MM-ddTHH:mm:ss.SSSUUUZ');
  const general = new TimestampPattern('yyyy-MM-dd HH:mm:ss');
  const cases: [TimestampPattern, string][] = [
    [fixed, '2024-01-01T10:20:30.123456Z'], [fixed, '2024-01-01T10:20:30.123457Z'], [fixed, '2024-01-01T10:20:31.000000Z'],
    [fixed, '2024-13-01T10:20:30.123456Z'], [fixed, '2024-01-01T10:20:30.12345xZ'], [fixed, '2024-01-01T10:20:30Z'],
    [general, '2024-02-29 23:59:59'], [general, '2023-02-29 23:59:59'], [general, '2024-02-29 23:59'],
  ];
  const out = new Float64Array(cases.length).fill(-7);
  cases.forEach(([p, text], i) => {
    const bytes = new TextEncoder().encode(`#${text}#`);
    const want = p.parse(bytes, 1, bytes.length - 1);
    assert.equal(p.parseInto(bytes, 1, bytes.length - 1, out, i), want === want, text);
    assert.equal(out[i], want === want ? want : -7, text);
  });
  assert.equal(out[0], iso('2024-01-01T10:20:30.123456Z'));
  assert.equal(out[3], -7);
});
