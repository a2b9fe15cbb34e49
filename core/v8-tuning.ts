/**
 * V8 settings for the server process, made before any other module is compiled (the first import of
 * `cli.ts`). Both are process-wide, so the query and import workers get them too.
 *
 * `--always-sparkplug` compiles each function to baseline machine code on its first call instead of
 * interpreting its bytecode until it has run enough to be promoted: a server just started, or a query
 * shape seen for the first time, then runs its request path (routing, SQL compilation, the JSON writer)
 * at near-warm speed from the first requests (a fresh server's `SELECT count(*)` went from ~1.8 to
 * ~0.9 ms, median of its first dozen requests). Optimised (TurboFan) code is unaffected.
 *
 * `--heap-growing-percent=100` lets the old generation grow to twice what survived the last full
 * collection before the next one starts (V8's own factor is 1.1–1.7 and falls with load). Under an
 * upload the request thread's young objects are scavenged every few dozen ms, when the socket's fresh
 * buffers add external memory, and some get promoted each time; with V8's factor the old generation
 * then met its limit every ~130 ms and a 10M-row import ran ~15 full collections, each marking the whole
 * ~35 MB heap on four helper threads: a quarter of the machine's CPU during the import. With the factor
 * at 2 the same import runs 2–3 (bench trades import ~1.8 → ~1.45 s). The cost is at most one more
 * live heap's worth of garbage waiting, tens of MB for this server's heap.
 *
 * `--interrupt-budget=8000` (V8's is 67,584) has a function promoted to optimised code after about an
 * eighth of the bytecode V8 otherwise waits for. The request path is many medium functions that each run
 * once per request: with V8's budget a fresh server's `SELECT 1` took ~5,000 requests to reach its
 * steady speed (median per block of 500: 0.52–0.67 ms at first, 0.29–0.34 ms after ~5,000), and the
 * bench's first rounds carried that slope into every pass's medians; with 8000 it got there within
 * ~1,000 (0.48–0.56, then 0.27–0.31 ms; 16,000 was halfway). Kernels in the workers tier up sooner too.
 * A budget given on the command line is kept.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--always-sparkplug');
setFlagsFromString('--heap-growing-percent=100');
if (!process.execArgv.some((a) => a.startsWith('--interrupt-budget'))) setFlagsFromString('--interrupt-budget=8000');
