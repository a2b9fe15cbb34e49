/** Reads a small request body into memory, refusing more than `limit` bytes (413). */
import { IncomingMessage } from 'node:http';
import { SvcError } from '../../core/errors';

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += b.length;
    if (size > limit) throw new SvcError(`request body too large [limit=${limit}]`, 413);
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}
