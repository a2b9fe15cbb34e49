import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { SvcError } from '../../core/errors';
import type { ParameterInfo } from '../../core/sql/query-engine';
import { bindValues, BindSource, suppliedValues } from './bind-values';
import { jsonBody } from './exec-request';

const url = (text: string): URLSearchParams => new URLSearchParams(text);

function fails(f: () => unknown, message: string, position = 0): void {
  assert.throws(f, (e: unknown) => {
    assert.ok(e instanceof SvcError);
    assert.equal(e.statusCode, 400);
    assert.equal(e.message, message);
    assert.equal(e.position, position);
    return true;
  });
}

test('URL parameters $n and p_name are bind values, others are not', () => {
  const s = suppliedValues({ url: url('query=x&limit=5&$1=42&p_Lo=2024-01-01&pfx=1') });
  assert.deepEqual([...s.entries()].map(([k, v]) => [k, v.label, v.given, v.value]), [
    ['$1', '$1', '$1', '42'],
    [':lo', ':Lo', 'p_Lo', '2024-01-01'],
  ]);
});

test('a JSON body keeps its value types and wins over the URL', () => {
  const s = suppliedValues({ url: url('$1=url&p_x=url'), json: new Map<string, unknown>([['$1', 5], [':x', null], ['y', true], ['z', 'text']]) });
  assert.equal(s.get('$1')?.value, 5);
  assert.equal(s.get(':x')?.value, null);
  assert.equal(s.get(':y')?.value, true);
  assert.equal(s.get(':z')?.value, 'text');
  assert.equal(s.get(':z')?.given, 'params.z');
});

test('malformed names, repeated URL values and JSON objects are refused', () => {
  fails(() => suppliedValues({ url: url('$0=1') }), 'invalid bind variable name [$0]: expected $1, $2, …');
  fails(() => suppliedValues({ url: url('$1x=1') }), 'invalid bind variable name [$1x]: expected $1, $2, …');
  fails(() => suppliedValues({ url: url('p_1a=1') }), 'invalid bind variable name [p_1a]: a name is a letter or _ followed by letters, digits or _');
  fails(() => suppliedValues({ url: url('$1=1&$1=2') }), 'bind variable $1 is given more than once [$1]');
  fails(() => suppliedValues({ url: url(''), json: new Map([['a', { b: 1 }]]) }), 'bind variable :a must be a string, number, boolean or null, not object');
});

const INT1: ParameterInfo = { name: '$1', type: Types.INT, position: 30 };
const TS2: ParameterInfo = { name: '$2', type: Types.TIMESTAMP, position: 40 };

test('values come back in slot order, checked by the engine conversion', () => {
  const source: BindSource = { url: url('$2=2024-01-01&$1=7') };
  assert.deepEqual(bindValues([INT1, TS2], source), ['7', '2024-01-01']);
  assert.equal(bindValues([], { url: url('query=select 1') }), undefined);
});

test('a missing value names the parameter at its position and says how to send it', () => {
  fails(() => bindValues([INT1, TS2], { url: url('$1=7') }), 'no value for bind variable $2 [send $2=… in the URL or params.$2 in a JSON body]', 40);
  fails(() => bindValues([{ name: ':lo', type: Types.STRING, position: 12 }], { url: url('') }),
    'no value for bind variable :lo [send p_lo=… in the URL or params.lo in a JSON body]', 12);
});

test('an unconvertible value is the engine error at the parameter position', () => {
  fails(() => bindValues([INT1], { url: url('$1=1; DROP TABLE t') }), 'inconvertible value: `1; DROP TABLE t` [STRING -> INT] for bind variable $1', 30);
  fails(() => bindValues([INT1], { url: url(''), json: new Map([['$1', 2.5]]) }), 'inconvertible value: 2.5 [DOUBLE -> INT] for bind variable $1', 30);
});

test('a value for a parameter the query does not have is refused', () => {
  fails(() => bindValues([INT1], { url: url('$1=1&p_x=2') }), 'bind variable :x is not in the query [p_x]');
  fails(() => bindValues([], { url: url('$1=1') }), 'bind variable $1 is not in the query [$1]');
});

test('a JSON body: plain keys become parameters, params stays apart with its JSON types', () => {
  const body = jsonBody('{"query": "select $1", "count": true, "limit": 10, "params": {"$1": 1.5, "x": null}}');
  assert.equal(body.params.toString(), 'query=select+%241&count=true&limit=10');
  assert.deepEqual([...body.bind], [['$1', 1.5], ['x', null]]);
  assert.throws(() => jsonBody('{"query": "select 1", "params": [1]}'), /"params" must be an object/);
  assert.throws(() => jsonBody('[1]'), /expected an object/);
});
