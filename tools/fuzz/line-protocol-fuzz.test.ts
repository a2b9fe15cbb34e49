import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runFuzz, summary } from './line-protocol-fuzz';

// A short seeded run of the line-protocol fuzzer against the real server (~20 s). Here `select 1` may wait up
// to 10 s, not the tool's 1 s default: this run shares two cores with the other unit tests running at once
// (their own timing tests fail under it), so the bound catches a blocked server (a poison row blocked it for
// 20 s), not latency; `npm run fuzz:ilp` measures that on its own.
test('a seeded line-protocol fuzz run: no 5xx, no crash, every acknowledged row reads back', { timeout: 180_000 }, async () => {
  const report = await runFuzz({ seed: 20240601, lines: 2500, workers: 4, maxStallMs: 10_000 });
  const details = [...report.findings.map((f) => `${f.what} [${f.input.slice(0, 200)}]`), ...report.mismatches].join('\n');
  assert.equal(report.failed, false, `${summary(report)}\n${details}`);
  assert.ok(report.rowsChecked > 500, summary(report));
});
