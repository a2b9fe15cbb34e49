/**
 * A kernel reply as the query sees it: the output, or the error the query fails with — its own
 * cancellation reason, the memory-limit 400, or (anything unexpected) a plain Error that the responder
 * reports as a 500 with a Critical log line.
 */
import { SvcError } from '../errors';
import { reasonOf } from '../sql/query-cancellation';
import { KernelOutput, KernelReply } from './kernel-task';

export function outcomeOf(reply: KernelReply, signal: AbortSignal): KernelOutput {
  if (reply.ok) return reply.output;
  if (reply.reason === 'cancelled') throw reasonOf(signal);
  if (reply.reason === 'memory') throw new SvcError(reply.message, 400, 0);
  throw new Error(`query worker failed: ${reply.message}`);
}
