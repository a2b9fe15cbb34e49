/** The connection's file descriptor, for the timeout message's `fd=`; -1 when unknown. */
import { IncomingMessage } from 'node:http';

export function socketFd(req: IncomingMessage): number {
  const handle: unknown = Reflect.get(req.socket, '_handle');
  if (typeof handle !== 'object' || handle === null) return -1;
  const fd: unknown = Reflect.get(handle, 'fd');
  return typeof fd === 'number' ? fd : -1;
}
