/**
 * The concurrency test's large-answer clients, in a process of their own (bench-concurrency.ts forks it): two
 * streams of ~80 MB answers would keep the timing process's event loop busy receiving bytes, and the small
 * queries' times would then measure this process, not the server. Each client sends its texts in turn on one
 * keep-alive connection for the given seconds, counting the answers' bytes without parsing them, and the
 * process sends `{ times, bytes, errors }` to its parent before it exits.
 *
 *   argv: port seconds clients, then the texts (one argument each)
 */
import { BenchClient } from './bench-http';

export interface BigClientReport {
  readonly times: number[];
  readonly bytes: number;
  readonly errors: number;
}

async function main(): Promise<void> {
  const [port, seconds, clients, ...texts] = process.argv.slice(2);
  const until = performance.now() + Number(seconds) * 1000;
  const report: BigClientReport = { times: [], bytes: 0, errors: 0 };
  let bytes = 0, errors = 0;
  await Promise.all(Array.from({ length: Number(clients) }, async (_x, k) => {
    const http = new BenchClient(Number(port));
    try {
      for (let n = k; performance.now() < until; n++) {
        const t0 = performance.now();
        try {
          const r = await http.send('GET', `/exec?query=${encodeURIComponent(texts[n % texts.length])}`, {}, undefined, () => undefined);
          if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
          bytes += r.bytes;
          report.times.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    } finally {
      http.close();
    }
  }));
  process.send?.({ ...report, bytes, errors });
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
