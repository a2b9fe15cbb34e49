import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSchema } from './import-schema';

const failsWith = (text: string, message: string): void =>
  assert.throws(() => parseSchema(text), (e: Error) => e.message === message, `${text} → ${message}`);

test('a well-formed schema gives its entries', () =>
  assert.deepEqual(parseSchema('[{"name":"ts","type":"TIMESTAMP","pattern":"yyyy"}]').map((e) => [e.name, e.pattern]), [['ts', 'yyyy']]));
test('unterminated JSON names what is open', () => {
  failsWith('[{"name":"a","type":"INT"}', 'Unterminated array');
  failsWith('[{"name":"a","type":"INT"', 'Unterminated object');
  failsWith('[{"name":"a', 'Unterminated string');
});
test('other JSON errors are an unexpected symbol', () => {
  failsWith('[x]', 'Unexpected symbol');
  failsWith('[{"name":"a"}]]', 'Unexpected symbol');
});
test('the wrong shapes have QuestDB\'s texts', () => {
  failsWith('{"name":"a","type":"INT"}', 'Unexpected object');
  failsWith('[1]', 'Must be an object');
  failsWith('[[]]', 'Unexpected array');
  failsWith('[{"type":"INT"}]', "Missing 'name' property");
  failsWith('[{"name":"a"}]', "Missing 'type' property");
  failsWith('[{"name":"a","type":"NOPE"}]', 'Invalid type');
});
