import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RecordSkipper } from './record-skipper';

const bytes = (s: string): Uint8Array => Buffer.from(s, 'latin1');

test('an unquoted record ends at its line end', () => assert.equal(new RecordSkipper(0x2c).feed(bytes('a,b,c\nd'), 0), 6));
test('CRLF is consumed whole', () => assert.equal(new RecordSkipper(0x2c).feed(bytes('a,b\r\nd'), 0), 5));
test('line ends inside quotes belong to the field', () => assert.equal(new RecordSkipper(0x2c).feed(bytes('a,"x\ny""\n",c\nd'), 0), 13));
test('the state carries over chunks', () => {
  const skipper = new RecordSkipper(0x2c);
  assert.equal(skipper.feed(bytes('a,"long \n'), 0), -1);
  assert.equal(skipper.feed(bytes('still quoted"'), 0), -1);
  assert.equal(skipper.feed(bytes('junk,z\nnext'), 0), 7);
});
