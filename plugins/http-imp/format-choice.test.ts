import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ImportFormat } from '../../core/extension/import-format';
import { delimitedFormat } from '../import-delimited/delimited-format';
import { ParseWorkerPool } from '../import-delimited/parse-worker-pool';
import { ndjsonFormat } from '../import-ndjson/ndjson-format';
import { parquetFormat } from '../import-parquet/parquet-format';
import { ParquetWorkerPool } from '../import-parquet/parquet-worker-pool';
import { chooseFormat, requestedInputFormats } from './format-choice';

const formats: ImportFormat[] = [parquetFormat(new ParquetWorkerPool({ decoders: 1, queue: 0, memoryLimit: 0 })), ndjsonFormat, delimitedFormat(new ParseWorkerPool(0))];
const bytes = (s: string): Uint8Array => Buffer.from(s, 'latin1');

test('fmt names the input format, alone or with the answer format', () => {
  assert.deepEqual(requestedInputFormats('parquet,json'), ['parquet']);
  assert.deepEqual(requestedInputFormats('json'), []);
  assert.deepEqual(requestedInputFormats(null), []);
  assert.equal(chooseFormat(formats, ['ndjson'], bytes('a,b\n'), 'x.csv')?.name, 'ndjson');
  assert.equal(chooseFormat(formats, ['csv'], bytes('PAR1....'), undefined)?.name, 'delimited');
});

test('without fmt the magic bytes, then the file name, then CSV decide', () => {
  assert.equal(chooseFormat(formats, [], bytes('PAR1\x15\x04'), 'data.bin')?.name, 'parquet');
  assert.equal(chooseFormat(formats, [], bytes('a,b\n1,2'), 'x.parquet')?.name, 'parquet');
  assert.equal(chooseFormat(formats, [], bytes(' \n{"a":1}'), 'upload')?.name, 'ndjson');
  assert.equal(chooseFormat(formats, [], bytes('a,b\n'), 'rows.jsonl')?.name, 'ndjson');
  assert.equal(chooseFormat(formats, [], bytes('a,b\n1,2'), 'x.csv')?.name, 'delimited');
  assert.equal(chooseFormat(formats, ['xml'], bytes('a,b\n1,2'), undefined)?.name, 'delimited');
});
