import assert from 'node:assert/strict';
import { test } from 'node:test';
import { docBlocks, serverConfLines } from './doc-blocks';

test('fenced blocks keep their language, runner words and first line', () => {
  const md = '# t\n\n```bash no-run\nnpm start\n```\n\n- item\n\n  ~~~python needs=pg,ilp exit=3\n  print(1)\n  ~~~\n\n```json output\n{}\n```\n';
  const blocks = docBlocks(md);
  assert.deepEqual(blocks.map((b) => [b.line, b.language, b.noRun, b.needs, b.exit, b.isOutput]), [
    [3, 'bash', true, [], 0, false], [9, 'python', false, ['pg', 'ilp'], 3, false], [13, 'json', false, [], 0, true]]);
  assert.equal(blocks[1].text, 'print(1)\n');
});

test('unknown info-string words are kept for the report', () => {
  assert.deepEqual(docBlocks('```bash norun title=x\ntrue\n```\n')[0].unknownWords, ['norun', 'title=x']);
});

test('server.conf directives are read from HTML comments', () => {
  assert.deepEqual(serverConfLines('<!-- docs-runner: server.conf http.user=admin -->\ntext\n<!--docs-runner: server.conf a=b-->'),
    ['http.user=admin', 'a=b']);
});
