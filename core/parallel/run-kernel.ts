/**
 * Runs one KernelTask to its reply: compiled kernel, runtime, and the three ways it ends — done (with
 * the buffers to transfer back), cancelled, or over the memory budget. Used by the worker thread and by
 * the main thread for ranges too small to be worth a round trip.
 */
import { compileKernel } from './kernel-compiler';
import { KernelRuntime } from './kernel-runtime';
import { KernelOutput, KernelReply, KernelTask } from './kernel-task';
import { BudgetExceeded } from './shared-memory-budget';

export interface RunResult {
  readonly reply: KernelReply;
  /** The result arrays' buffers, handed over without a copy. */
  readonly transfer: ArrayBuffer[];
}

export function runKernel(task: KernelTask): RunResult {
  const rt = new KernelRuntime(task.cancel, task.memory, task.source, task.selection);
  const rows = (): number => Math.min(task.hi - task.lo, rt.blocks * rt.block);
  try {
    const output = compileKernel(task.source)(task.columns, task.lo, task.hi, task.args, rt);
    rt.finished();
    if (!output) return { reply: { id: task.id, ok: false, reason: 'cancelled', message: 'cancelled', rows: rows() }, transfer: [] };
    return { reply: { id: task.id, ok: true, output, rows: task.hi - task.lo }, transfer: buffersOf(output) };
  } catch (e) {
    if (e instanceof BudgetExceeded) return { reply: { id: task.id, ok: false, reason: 'memory', message: e.message, rows: rows() }, transfer: [] };
    const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    return { reply: { id: task.id, ok: false, reason: 'failed', message, rows: rows() }, transfer: [] };
  }
}

function buffersOf(o: KernelOutput): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const add = (a: Float64Array | undefined): void => { if (a && a.buffer instanceof ArrayBuffer) out.add(a.buffer); };
  add(o.keys);
  add(o.presence);
  for (const f of o.fields ?? []) add(f);
  return [...out];
}
