import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runFuzz, summary } from './line-protocol-fuzz';

// A short seeded run of the line-protocol fuzzer against the real server (~20 s). `select 1` may wait up to
// 3 s here, not the tool's 1 s default: the suite shares two cores with other runs, and a commit's file work
// (new partition files for out-of-order rows) runs on the server's thread.
test('a seeded line-protocol fuzz run: no 5xx, no crash, every acknowledged row reads back', { timeout: 180_000 }, async () => {
  const report = await runFuzz({ seed: 20240601, lines: 2500, workers: 4, maxStallMs: 3000 });
  const details = [...report.findings.map((f) => `${f.what} [${f.input.slice(0, 200)}]`), ...report.mismatches].join('\n');
  assert.equal(report.failed, false, `${summary(report)}\n${details}`);
  assert.ok(report.rowsChecked > 500, summary(report));
});
