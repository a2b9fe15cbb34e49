import assert from 'node:assert/strict';
import test from 'node:test';
import { parseCopy, CopyOptions } from './copy-statement';
import { CopyTranscoder } from './copy-transcoder';
import { PgProtocolError } from './pg-protocol-error';

function optionsOf(sql: string): CopyOptions {
  const c = parseCopy(sql);
  assert.ok(c);
  return c.options;
}

/** The CSV the transcoder makes of `data` cut into pieces of `piece` bytes. */
function csv(options: CopyOptions, columns: number, data: string, piece = Number.MAX_SAFE_INTEGER): string {
  const t = new CopyTranscoder(options, Array.from({ length: columns }, (_x, i) => `c${i}`), 1 << 20);
  const bytes = Buffer.from(data, 'utf8');
  const out: Buffer[] = [];
  for (let k = 0; k < bytes.length; k += piece) out.push(Buffer.from(t.push(bytes.subarray(k, k + piece))));
  out.push(Buffer.from(t.finish()));
  return Buffer.concat(out).toString('utf8');
}

test('COPY statements name the table, the columns and the options in both syntaxes', () => {
  assert.deepEqual(parseCopy('COPY public."Readings" (ts, "Note") FROM STDIN WITH (FORMAT csv, HEADER true, DELIMITER \';\', NULL \'-\')'), {
    direction: 'from', table: 'Readings', columns: ['ts', 'Note'],
    options: { format: 'csv', delimiter: 59, nullText: '-', header: true, quote: 34, escape: 34 },
  });
  assert.deepEqual(parseCopy("copy t from stdin with delimiter as '|' null as 'x' csv header quote as '''' escape '\\'")?.options,
    { format: 'csv', delimiter: 124, nullText: 'x', header: true, quote: 39, escape: 92 });
  assert.deepEqual(parseCopy('COPY t FROM STDIN')?.options, { format: 'text', delimiter: 9, nullText: '\\N', header: false, quote: 34, escape: 34 });
  assert.equal(parseCopy("COPY t FROM '/tmp/x.csv'"), undefined, "QuestDB's server-side COPY stays SQL");
  assert.equal(parseCopy('SELECT 1'), undefined);
  const out = parseCopy('COPY (SELECT a, b FROM t WHERE (a > 1)) TO STDOUT (FORMAT csv)');
  assert.ok(out && out.direction === 'to');
  assert.equal(out.query, 'SELECT a, b FROM t WHERE (a > 1)');
});

test('COPY options are checked as PostgreSQL checks them', () => {
  const code = (sql: string): string => { try { parseCopy(sql); return 'ok'; } catch (e) { return e instanceof PgProtocolError ? e.code : 'other'; } };
  assert.equal(code("COPY t FROM STDIN (DELIMITER ',,')"), '22023');
  assert.equal(code("COPY t FROM STDIN (FORMAT csv, DELIMITER '\"')"), '22023');
  assert.equal(code("COPY t FROM STDIN (NULL 'a\tb')"), '22023');
  assert.equal(code('COPY t FROM STDIN (FORMAT binary)'), '0A000');
  assert.equal(code("COPY t FROM STDIN (QUOTE '\"')"), '0A000');
  assert.equal(code('COPY t FROM STDIN (FORCE_NULL (a))'), '0A000');
});

test('the text format: escapes, \\N, a header, \\r\\n and the end marker', () => {
  const o = optionsOf('COPY t FROM STDIN (HEADER)');
  assert.equal(csv(o, 3, 'a\tb\tc\n1\t\\N\tx\\ty\r\n\\\\\t\\x41\\101\t"q",z\n\\.\nignored\t1\t2\n'), '1,,x\ty\n\\,AA,"""q"",z"\n');
});

test('CSV: quotes, doubled quotes, line breaks in quotes, NULL only unquoted', () => {
  const o = optionsOf("COPY t FROM STDIN (FORMAT csv, NULL 'NA')");
  assert.equal(csv(o, 3, '"a,b","say ""hi""",NA\n"NA",,"multi\nline"\n'), '"a,b","say ""hi""",\nNA,"","multi\nline"\n');
  const escaped = optionsOf("COPY t FROM STDIN (FORMAT csv, ESCAPE '\\')");
  assert.equal(csv(escaped, 1, '"a\\"b\\\\c"\n'), '"a""b\\c"\n');
});

test('pieces cut anywhere give the same rows', () => {
  const o = optionsOf("COPY t FROM STDIN (FORMAT csv, HEADER)");
  const data = 'x,y\n"a ""1""",b\n"line\nbreak",\n"end",z';
  const whole = csv(o, 2, data);
  for (let piece = 1; piece < data.length; piece++) assert.equal(csv(o, 2, data, piece), whole, `pieces of ${piece}`);
  const text = optionsOf('COPY t FROM STDIN');
  const t = 'a\\tb\t\\N\nc\\\\\td\n';
  for (let piece = 1; piece < t.length; piece++) assert.equal(csv(text, 2, t, piece), csv(text, 2, t), `text pieces of ${piece}`);
});

test('a row with more or fewer fields than columns, or an open quote, is refused', () => {
  const o = optionsOf('COPY t FROM STDIN (FORMAT csv)');
  assert.throws(() => csv(o, 2, 'a,b,c\n'), /extra data after last expected column \[row=1\]/);
  assert.throws(() => csv(o, 2, 'a,b\nc\n'), /missing data for column "c1" \[row=2\]/);
  assert.throws(() => csv(o, 2, '"a,b\n'), /unterminated CSV quoted field/);
});

test('a row longer than the limit is refused before it is buffered whole', () => {
  const t = new CopyTranscoder(optionsOf('COPY t FROM STDIN'), ['a'], 1000);
  assert.throws(() => t.push(Buffer.alloc(5000, 97)), /COPY row is longer than/);
});
