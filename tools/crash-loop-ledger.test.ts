import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CrashLedger, valueOf } from './crash-loop-ledger';

function sumOf(op: number, rows: number): number {
  let s = 0;
  for (let i = 0; i < rows; i++) s += valueOf(op, i);
  return s;
}

test('the ledger finds lost, partial and half-committed operations, and counts each once however often it is seen', () => {
  const ledger = new CrashLedger();
  const lost = ledger.begin('small', 10);
  ledger.ack(lost.id);
  const partial = ledger.begin('large', 10);
  ledger.ack(partial.id);
  const half = ledger.begin('multi', 5);
  const inFlight = ledger.begin('insert', 4);
  const rows = new Map([
    ['small', new Map<number, readonly [number, number]>()],
    ['large', new Map<number, readonly [number, number]>([[partial.id, [9, sumOf(partial.id, 9)]]])],
    ['multi_a', new Map<number, readonly [number, number]>([[half.id, [5, sumOf(half.id, 5)]]])],
    ['multi_b', new Map<number, readonly [number, number]>()],
    ['copy', new Map<number, readonly [number, number]>([[inFlight.id, [4, sumOf(inFlight.id, 4)]]])],
  ]);
  for (let round = 0; round < 2; round++) {
    const problems = ledger.verify(rows);
    assert.equal(problems.length, 3, problems.join('\n'));
    assert.match(problems.join('\n'), /acknowledged rows lost \[op=1, kind=small, rows=10\]/);
    assert.match(problems.join('\n'), /partial operation \[op=2, kind=large, rows=9 of 10/);
    assert.match(problems.join('\n'), /visible in one table only \[op=3\]/);
  }
  assert.equal(ledger.stats.lostRows, 10);
  assert.equal(ledger.stats.partialOps, 1);
  assert.equal(ledger.stats.inFlightCommitted, 2);
});

test('complete operations are no problem', () => {
  const ledger = new CrashLedger();
  const op = ledger.begin('small', 3);
  ledger.ack(op.id);
  assert.deepEqual(ledger.verify(new Map([['small', new Map([[op.id, [3, sumOf(op.id, 3)] as const]])]])), []);
});
