import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IlpType } from './ilp-type';
import { NOW, parse, rowsOf } from './test-support';
import { TimeUnit } from './time-unit';

test('tags become symbols and fields take the type their text says', () => {
  const p = parse('w,city=London,kind=rain temp=12.5,wind=3i,note="light",ok=true,at=1700000000123456t 1700000000000000000\n');
  assert.equal(p.error, undefined);
  assert.deepEqual(rowsOf(p), [{ table: 'w', rows: [{ '@ts': 1700000000000000, city: 'London', kind: 'rain', temp: 12.5, wind: 3, note: 'light', ok: true, at: 1700000000123456 }] }]);
  assert.deepEqual(p.blocks.blocks[0].columns.map((c) => c.type), [IlpType.TAG, IlpType.TAG, IlpType.FLOAT, IlpType.INTEGER, IlpType.STRING, IlpType.BOOLEAN, IlpType.TIMESTAMP]);
});

test('every escape of names and values is undone', () => {
  const p = parse('my\\ t\\,x,k\\=1\\ 2=a\\,b\\ c s="q \\"x\\" \\\\ \\\nnl",e\\ f=1i 5\n');
  assert.equal(p.error, undefined);
  assert.deepEqual(rowsOf(p), [{ table: 'my t,x', rows: [{ '@ts': 0, 'k=1 2': 'a,b c', s: 'q "x" \\ \nnl', 'e f': 1 }] }]);
});

test('booleans, NaN, infinities and exponents parse like QuestDB', () => {
  const p = parse('b a=t,b=T,c=true,d=True,e=TRUE,f=f,g=F,h=false,i=False,j=FALSE,n=NaN,p=Infinity,q=-Infinity,r=1e3,s=-.5\n');
  const row = rowsOf(p)[0].rows[0];
  assert.deepEqual([row.a, row.b, row.c, row.d, row.e, row.f, row.g, row.h, row.i, row.j], [true, true, true, true, true, false, false, false, false, false]);
  assert.ok(Number.isNaN(row.n));
  // The infinities are DOUBLE's NULL, as NaN (QuestDB stores NULL for all three).
  assert.deepEqual([row.p, row.q, row.r, row.s], [NaN, NaN, 1000, -0.5]);
});

test('64-bit integers keep every digit', () => {
  const p = parse('i max=9223372036854775807i,min=-9223372036854775807i,small=-42i\n');
  assert.deepEqual(rowsOf(p)[0].rows[0], { '@ts': NOW, max: 9223372036854775807n, min: -9223372036854775807n, small: -42 });
  assert.match(parse('i x=9223372036854775808i\n').error?.message ?? '', /field value is invalid. Field: x; value: 9223372036854775808i/);
});

test('timestamps: suffixes n, t, m on fields; precision and suffixes on the designated one', () => {
  const p = parse('t a=1700000000123456789n,b=1700000000123456t,c=1700000000123m 1700000000123456789\nt a=1n 1700000000123456t\nt a=1n 1700000000123m\n');
  const rows = rowsOf(p)[0].rows;
  assert.deepEqual(rows.map((r) => r['@ts']), [1700000000123456, 1700000000123456, 1700000000123000]);
  assert.deepEqual([rows[0].a, rows[0].b, rows[0].c], [1700000000123456, 1700000000123456, 1700000000123000]);
  assert.equal(rowsOf(parse('t v=1i 1700000000\n', { precision: TimeUnit.SECONDS }))[0].rows[0]['@ts'], 1700000000000000);
});

test('a line without a timestamp gets the server time', () => {
  assert.equal(rowsOf(parse('t v=1i\n'))[0].rows[0]['@ts'], NOW);
});

test('a line of tags only is a row; a lone token after the tags is its timestamp', () => {
  const rows = rowsOf(parse('t,a=1\nt,a=2 1700000000000000000\nt,a=3 \n'))[0].rows;
  assert.deepEqual(rows, [{ '@ts': NOW, a: '1' }, { '@ts': 1700000000000000, a: '2' }, { '@ts': NOW, a: '3' }]);
});

test('blank lines, CRLF ends and comment lines are skipped and not counted', () => {
  const p = parse('\n# comment\r\nt v=1i\r\n\r\n  \n\t\nt v=2i');
  assert.equal(p.error, undefined);
  assert.equal(p.lines, 2);
  assert.equal(rowsOf(p)[0].rows.length, 2);
});

test('an empty field value is no value; a repeated name keeps its first value', () => {
  const rows = rowsOf(parse('t a=,b=1i,b=2i,B=3i\n'))[0].rows;
  assert.deepEqual(rows, [{ '@ts': NOW, b: 1 }]);
});

test('names match case-insensitively within a request', () => {
  const p = parse('T,Host=a V=1i\nt,host=b v=2i\n');
  assert.equal(p.blocks.blocks.length, 1);
  assert.deepEqual(rowsOf(p)[0].rows.map((r) => [r.Host, r.V]), [['a', 1], ['b', 2]]);
});

test('a name that changes type starts a new block, so types are checked in line order', () => {
  const p = parse('t v=1i\nt v=2i\nt v=2.5\nt v=3i\n');
  assert.deepEqual(p.blocks.blocks.map((b) => [b.firstLine, b.rows, b.columns[0].type]), [[1, 2, IlpType.INTEGER], [3, 1, IlpType.FLOAT], [4, 1, IlpType.INTEGER]]);
});

test('the same input split at any byte parses the same', () => {
  const input = 'cpu,host=a\\ b,r=eu usage=1.5,n=-3i,s="x \\"y\\", z",ok=t 1700000000000000001\ncpu,host=c usage=2 1700000000000000002\n'
    + 'm s="two\\\nlines\\\n" 3\n\n# note\nm s="x" 4\n';
  const whole = JSON.stringify(rowsOf(parse(input)));
  for (let cut = 1; cut < input.length; cut++) {
    assert.equal(JSON.stringify(rowsOf(parse(input, { chunks: [cut] }))), whole, `cut at ${cut}`);
  }
  assert.equal(JSON.stringify(rowsOf(parse(input, { chunks: Array.from({ length: input.length }, () => 1) }))), whole);
});

test('binary DOUBLE and DOUBLE arrays (protocol 2) decode, and survive any chunking', () => {
  const double = Buffer.alloc(9);
  double[0] = 16;
  double.writeDoubleLE(-2.75, 1);
  const array = Buffer.alloc(3 + 8 + 32);
  array.set([14, 10, 2], 0);
  array.writeInt32LE(2, 3);
  array.writeInt32LE(2, 7);
  [1, 2, 3, 10].forEach((v, k) => array.writeDoubleLE(v, 11 + 8 * k));
  // 10 as a double contains no LF byte, but 0x0a does appear in the shape bytes of other arrays; use one here:
  const input = Buffer.concat([Buffer.from('b d=='), double, Buffer.from(',a=='), array, Buffer.from(' 1700000000000000000\n')]);
  const whole = rowsOf(parse(input));
  assert.deepEqual(whole, [{ table: 'b', rows: [{ '@ts': 1700000000000000, d: -2.75, a: [1, 2, 3, 10] }] }]);
  for (let cut = 1; cut < input.length; cut++) assert.deepEqual(rowsOf(parse(input, { chunks: [cut] })), whole, `cut at ${cut}`);
});

test('a NULL array is no value', () => {
  const input = Buffer.concat([Buffer.from('b v=1i,a=='), Buffer.from([14, 33]), Buffer.from('\n')]);
  assert.deepEqual(rowsOf(parse(input)), [{ table: 'b', rows: [{ '@ts': NOW, v: 1 }] }]);
});

test('parse errors use QuestDB messages and count lines', () => {
  const cases: [string, string][] = [
    ['t\n', 'No fields were provided'],
    ['t f\n', 'Could not parse entire line. Field value is missing: f'],
    ['t,a b=1\n', 'Could not parse entire line. Symbol value is missing: a'],
    ['t v=1i abc\n', 'Could not parse timestamp: abc'],
    ['t v=1x\n', 'Could not parse entire line, field value is invalid. Field: v; value: 1x'],
    ['t v="open 1700000000000000000\n', 'Could not parse entire line, field value is invalid. Field: v; value: '],
    ['t,a=b  v=1i 1700000000000000000\n', 'INVALID_FIELD_SEPARATOR'],
    ['t/a v=1i\n', 'INVALID_TABLE_NAME'],
    ['t =1i\n', 'INCOMPLETE_FIELD'],
    ['t v=1i -5\n', 'table: t, timestamp: -5; designated timestamp before 1970-01-01 is not allowed'],
    ['t v=1i 1 2\n', 'INVALID_FIELD_SEPARATOR'],
    ['t,a=b=c v=1i\n', 'INVALID_FIELD_SEPARATOR'],
  ];
  for (const [input, message] of cases) {
    const p = parse(`ok v=1i\n\n${input}`);
    assert.equal(p.error?.message, message, input);
    assert.equal(p.error?.line, 2, input);
  }
});

test('invalid UTF-8 in a name or value is refused', () => {
  assert.match(parse(Buffer.from([0x74, 0x20, 0x76, 0x3d, 0x22, 0xff, 0x22, 0x0a])).error?.message ?? '', /field value is invalid/);
  assert.match(parse(Buffer.from([0x74, 0xc3, 0x20, 0x76, 0x3d, 0x31, 0x0a])).error?.message ?? '', /invalid table name/);
  assert.deepEqual(rowsOf(parse('tä,ö=ü s="ß"\n'))[0], { table: 'tä', rows: [{ '@ts': NOW, ö: 'ü', s: 'ß' }] });
});

test('a line longer than the limit fails with 413, however it arrives', () => {
  const long = `t s="${'x'.repeat(5000)}"\n`;
  for (const chunks of [[], [10], [100, 100, 100, 100, 100, 100]]) {
    const p = parse(`ok v=1i\n${long}`, { maxLine: 1000, chunks });
    assert.equal(p.error?.status, 413);
    assert.equal(p.error?.line, 2);
  }
});

test('more distinct tables than the limit fail on the first line past it', () => {
  const p = parse('a v=1i\nb v=1i\na v=2i\nc v=1i\n', { maxTables: 2 });
  assert.equal(p.error?.line, 4);
  assert.match(p.error?.message ?? '', /too many tables/);
});

test('decimals (protocol 3): text and binary, at any chunking', () => {
  const input = Buffer.concat([Buffer.from('p d=12.50d,e=='), Buffer.from([23, 3, 2, 0xff, 0x85]), Buffer.from(',n=NaNd 1700000000000000000\n')]);
  const whole = rowsOf(parse(input));
  assert.deepEqual(whole, [{ table: 'p', rows: [{ '@ts': 1700000000000000, d: '12.50', e: '-0.123', n: 'NaN' }] }]);
  for (let cut = 1; cut < input.length; cut++) assert.deepEqual(rowsOf(parse(input, { chunks: [cut] })), whole, `cut at ${cut}`);
});

test('malformed decimals are line errors, never exceptions', () => {
  const cases: [Buffer, string][] = [
    [Buffer.from('t d=1.2.3d\n'), 'Could not parse entire line, field value is invalid. Field: d; value: 1.2.3d'],
    [Buffer.from('t d=1e80d\n'), 'Could not parse entire line, field value is invalid. Field: d; value: 1e80d'],
    [Buffer.from('t d=d\n'), 'Could not parse entire line, field value is invalid. Field: d; value: d'],
    [Buffer.concat([Buffer.from('t d=='), Buffer.from([23, 77, 1, 1]), Buffer.from('\n')]), 'DECIMAL_INVALID_SCALE'],
    [Buffer.concat([Buffer.from('t d=='), Buffer.from([23, 0, 33, 1]), Buffer.alloc(32), Buffer.from('\n')]), 'DECIMAL_OVERFLOW'],
    [Buffer.concat([Buffer.from('t d=='), Buffer.from([23, 0, 4, 1, 2])]), 'Could not parse entire line, field value is invalid. Field: d; value: <binary>'],
    [Buffer.concat([Buffer.from('t d=='), Buffer.from([23, 0, 1, 1, 0x78]), Buffer.from('\n')]), 'INVALID_FIELD_SEPARATOR'],
  ];
  for (const [input, message] of cases) {
    const p = parse(Buffer.concat([Buffer.from('ok v=1i\n'), input]));
    assert.equal(p.error?.message, message, input.toString('latin1'));
    assert.equal(p.error?.line, 2);
  }
  // Random bytes after a decimal type byte: an error or a value, never a throw.
  let x = 7;
  for (let k = 0; k < 500; k++) {
    const tail = Buffer.alloc(1 + (k % 40));
    for (let i = 0; i < tail.length; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; tail[i] = x >> 16; }
    parse(Buffer.concat([Buffer.from('t d=='), Buffer.from([23]), tail, Buffer.from('\n')]));
  }
});
