import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnType, Types } from '../../core/data/column-type';
import { MemorySymbolTable } from '../../core/data/symbol-table';
import { Atomicity, ImportColumn } from '../../core/extension/import-format';
import { DelimitedParser } from './delimited-parser';

const TYPES: readonly ColumnType[] = [Types.TIMESTAMP, Types.SYMBOL, Types.DOUBLE, Types.LONG, Types.VARCHAR, Types.DOUBLE];
const PATTERN = 'yyyy-MM-ddTHH:mm:ss.SSSUUUZ';

function parser(onePass: boolean, atomicity: Atomicity): DelimitedParser {
  const columns = TYPES.map((type, i): ImportColumn => ({
    name: `c${i}`, type, fieldIndex: i, patterns: type === Types.TIMESTAMP ? [PATTERN] : [],
    symbols: type === Types.SYMBOL ? new MemorySymbolTable() : undefined,
  }));
  return new DelimitedParser({ delimiter: 0x2c, header: false, fieldCount: TYPES.length, columns, timestampIndex: 0,
    atomicity, skipLev: false, batchRows: 7, maxLineBytes: 90, table: 't' }, true, onePass);
}

/** Values per field (symbols as text, var-size as hex), rows and errors per field. */
function run(onePass: boolean, atomicity: Atomicity, bytes: Uint8Array, chunk: number): string {
  const p = parser(onePass, atomicity);
  for (let o = 0; o < bytes.length; o += chunk) p.pushSync(bytes.subarray(o, o + chunk));
  p.finishSync();
  const perField: string[][] = TYPES.map(() => []);
  for (const batch of p.takeReady()) {
    batch.vectors.forEach((v, field) => {
      for (let r = 0; r < batch.rowCount; r++) {
        if (v.offsets) perField[field].push(v.nulls?.[r] === 1 ? 'null' : Buffer.from(v.data.subarray(v.offsets[r], v.offsets[r + 1])).toString('hex'));
        else if (v.symbols) perField[field].push(String(v.symbols.value(v.data[r])));
        else perField[field].push(Object.is(v.data[r], -0) ? '-0' : String(v.data[r]));
      }
    });
  }
  return JSON.stringify({ perField, handled: p.rowsHandled, imported: p.rowsImported, errors: p.errors });
}

function randomCsv(seed: number, rows: number): string {
  let x = seed;
  const rnd = (n: number): number => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
  const pick = <T>(a: readonly T[]): T => a[rnd(a.length)];
  const ts = (): string => pick(['2024-01-01T00:00:0', '2024-01-01T00:00:1', '2024-02-29T23:59:5']) + `${rnd(10)}.${String(rnd(1e6)).padStart(6, '0')}Z`;
  const doubles = ['1.5', '-0', '+2', '.5', '5.', '1e-7', '1E+300', '12345678901234567890', 'NaN', 'null', 'Infinity', '1.5x', '1e', '', '"3.25"', '0.1', '-17.125'];
  const longs = ['42', '-9', '9007199254740993', 'x1', '', '"7"', '9223372036854775808'];
  const texts = ['abc', '', '"q,uoted"', '"with ""quote"""', 'a"b', 'ünï'];
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const fields = [pick([ts(), ts(), ts(), '2024-13-01T00:00:00.000000Z', '2024-01-01 00:00:00', '']), pick(['SYM1', 'SYM2', '', '"SYM3"']),
      pick(doubles), pick(longs), pick(texts), pick(doubles)];
    let line = fields.join(',');
    const shape = rnd(20);
    if (shape === 0) line += ',extra';
    else if (shape === 1) line = fields.slice(0, 3).join(',');
    else if (shape === 2) line = '';
    else if (shape === 3) line += 'x'.repeat(80);
    lines.push(line + pick(['\n', '\n', '\r\n', '\r']));
  }
  return lines.join('');
}

test('the one-pass record path gives exactly what the scanner path gives', () => {
  for (let seed = 1; seed <= 12; seed++) {
    const bytes = new TextEncoder().encode(randomCsv(seed, 300));
    for (const atomicity of ['skipCol', 'skipRow'] as const) {
      for (const chunk of [bytes.length, 97, 13]) {
        assert.equal(run(false, atomicity, bytes, chunk), run(true, atomicity, bytes, chunk), `seed ${seed} ${atomicity} chunk ${chunk}`);
      }
    }
  }
});

test('under abort both paths stop at the same line with the same message', () => {
  for (let seed = 1; seed <= 12; seed++) {
    const bytes = new TextEncoder().encode(randomCsv(seed, 300));
    const message = (onePass: boolean): string => {
      try { run(onePass, 'abort', bytes, 64); return 'no error'; } catch (e) { return e instanceof Error ? e.message : String(e); }
    };
    const fast = message(true);
    assert.equal(fast, message(false), `seed ${seed}`);
    assert.match(fast, /line=/);
  }
});
