/**
 * Runs SQL against the real storage without HTTP: `node dist/tools/sql-shell.js <dbDir> "<sql>" [runs]`.
 * Prints rows (first 20) and the median wall time of `runs` executions (drains every batch).
 */
import { SqlHarness } from '../plugins/sql-engine/sql-harness';

async function main(): Promise<void> {
  const [dir, sql, runsText] = process.argv.slice(2);
  const h = await SqlHarness.open(dir);
  try {
    const runs = Number(runsText ?? '1');
    const times: number[] = [];
    let last;
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      const out = await h.execute(sql);
      if (out.kind === 'rows') {
        const rows = await h.query(sql);
        last = rows;
      } else last = out;
      times.push(performance.now() - t0);
    }
    console.log(JSON.stringify(last, null, 0).slice(0, 3000));
    times.sort((a, b) => a - b);
    console.log(`median ${times[Math.floor(times.length / 2)].toFixed(2)} ms over ${runs} runs`);
  } finally {
    await h.close();
  }
}

main().catch((e: unknown) => { console.error(e); process.exitCode = 1; });
