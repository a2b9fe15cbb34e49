import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typeName } from '../../core/data/column-type';
import { AnalysisOptions } from '../../core/extension/import-format';
import { analyseSample } from './detect-structure';

const options: AnalysisOptions = {
  table: 't', delimiter: undefined, forceHeader: false, maxLines: 1000, maxDelimiterStdDev: 0.1222, maxLineLengthStdDev: 0.8,
};

function analyse(text: string, extra: Partial<AnalysisOptions> = {}): { delimiter: string; header: boolean; columns: string } {
  const s = analyseSample(new TextEncoder().encode(text), true, { ...options, ...extra });
  return {
    delimiter: String.fromCharCode(s.delimiter),
    header: s.header,
    columns: s.columns.map((c) => `${c.name} ${typeName(c.type)}${c.pattern ? ` ${c.pattern}` : ''}`).join(', '),
  };
}

test('a header line over typed rows is detected', () => {
  assert.deepEqual(analyse('a,b\n1,x\n2,y\n'), { delimiter: ',', header: true, columns: 'a INT, b CHAR' });
});

test('tab, pipe and semicolon are detected', () => {
  assert.equal(analyse('a\tb\n1\t2\n').delimiter, '\t');
  assert.equal(analyse('a|b\n1|2\n').delimiter, '|');
  assert.equal(analyse('a;b\n1;2\n').delimiter, ';');
});

test('delimiters inside quotes do not count', () => {
  assert.equal(analyse('a;b\n"1,2,3";2\n"4";5\n').delimiter, ';');
});

test('the sampled lines give each column the first probe that accepts every value', () => {
  const s = analyse('b,i,l,d,t\ntrue,1,9999999999,1.5,2016-01-01T00:00:00.000000Z\nfalse,,1,2,2016-01-01T00:00:01.000000Z\n');
  assert.equal(s.columns, 'b BOOLEAN, i INT, l LONG, d DOUBLE, t TIMESTAMP yyyy-MM-ddTHH:mm:ss.SSSUUUZ');
});

test('the DATE formats of the decision table are DATE', () => {
  assert.equal(analyse('d,n\n2017-02-01 00:08:00,1\n2017-02-01 00:09:00,2\n').columns, 'd DATE yyyy-MM-dd HH:mm:ss, n INT');
  assert.equal(analyse('d,n\n02/01/2017,1\n02/02/2017,2\n').columns, 'd DATE MM/dd/yyyy, n INT');
});

test('an all-empty column is VARCHAR', () => {
  assert.equal(analyse('a,b\n1,\n2,\n').columns, 'a INT, b VARCHAR');
});

test('text-only files have no header unless forced or the names are known', () => {
  assert.equal(analyse('n,c\nalice,paris\n').header, false);
  assert.equal(analyse('n,c\nalice,paris\n', { forceHeader: true }).header, true);
  assert.equal(analyse('n,c\nalice,paris\n', { knownNames: ['N', 'c'] }).header, true);
});

test('one line cannot show its delimiter', () => {
  assert.throws(() => analyse('1,2\n'), /not enough lines \[table=t\]/);
});

test('a duplicate header name is refused', () => {
  assert.throws(() => analyse('a,a\n1,2\n'), /duplicate column name found \[no=1,name=a\]/);
});

test('the DOUBLE probe takes NaN, Infinity and -Infinity, but only in that case', () => {
  assert.equal(analyse('a,b\n1.5,NaN\nNaN,x\nInfinity,nan\n-Infinity,y\n').columns, 'a DOUBLE, b VARCHAR');
  assert.equal(analyse('a,b\n1,x\nnan,y\n', { forceHeader: true }).columns, 'a VARCHAR, b CHAR');
});
