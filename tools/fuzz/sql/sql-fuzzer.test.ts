/**
 * The fuzzer's loop with several queries in flight: the same verdicts as one at a time, and a query that
 * loses the server is the one reported, however many others were in flight beside it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PROJECT_DIR } from '../../../core/project';
import { BenchServer } from '../../bench/bench-server';
import { QUIET_SERVER } from '../quiet-server';
import { DuckRunner } from './duck-runner';
import { SqlFuzzer } from './sql-fuzzer';
import { SvcAnswer, SvcRunner } from './svc-runner';

let server: BenchServer;
let duck: DuckRunner;

before(async () => {
  server = await BenchServer.start('svc', PROJECT_DIR, QUIET_SERVER);
  duck = await DuckRunner.open();
});

after(async () => {
  duck.close();
  await server.stop();
});

/** One statement's text makes every connection fail, as a query that kills the server would. */
class Trap {
  calls = 0;
  fatal: string | undefined;
  constructor(readonly armAt: number) {}
}

class TrappedSvc extends SvcRunner {
  constructor(private readonly trap: Trap) {
    super('127.0.0.1', server.port);
  }

  override async exec(sql: string): Promise<SvcAnswer> {
    const t = this.trap;
    if (/^\s*select/i.test(sql) && ++t.calls === t.armAt) t.fatal = sql;
    if (sql === t.fatal) throw new Error('socket hang up');
    return super.exec(sql);
  }

  override sibling(): SvcRunner {
    return new TrappedSvc(this.trap);
  }
}

const run = async (jobs: number, trap?: Trap): Promise<SqlFuzzer> => {
  const svc = trap ? new TrappedSvc(trap) : new SvcRunner('127.0.0.1', server.port);
  const fuzzer = new SqlFuzzer(svc, duck, { seed: 5, queries: 300, perWorld: 150, repros: 0, jobs, log: () => {} },
    async () => (trap ? new TrappedSvc(trap) : new SvcRunner('127.0.0.1', server.port)));
  await fuzzer.run();
  return fuzzer;
};

test('four queries in flight judge the same queries as one at a time', { timeout: 120_000 }, async () => {
  const one = await run(1);
  const four = await run(4);
  assert.equal(four.stats.queries, 300);
  assert.equal(four.stats.mismatches, one.stats.mismatches);
  assert.equal(four.stats.skipped, one.stats.skipped);
  assert.deepEqual([...four.stats.constructs].sort(), [...one.stats.constructs].sort());
});

test('the query that loses the server is the one mismatch, with others in flight beside it', { timeout: 120_000 }, async () => {
  const fuzzer = await run(4, new Trap(40));
  assert.equal(fuzzer.stats.queries, 300);
  assert.equal(fuzzer.stats.mismatches, 1);
  assert.deepEqual([...fuzzer.stats.signatures.keys()].map((s) => s.split(' ')[1]), ['svc-error']);
});
