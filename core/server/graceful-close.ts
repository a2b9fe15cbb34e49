/** Stops a node HTTP server: no new connections, idle ones closed, busy ones given `graceMs` to finish. */
import { Server } from 'node:http';
import { AddressInfo, Server as NetServer } from 'node:net';

export async function listen(server: NetServer, host: string, port: number): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    const onError = (e: Error): void => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}

/** @param onCut called when the grace period ends with requests still running, just before they are cut. */
export async function closeGracefully(server: Server, graceMs: number, onCut?: () => void): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => {
    onCut?.();
    server.closeAllConnections();
  }, graceMs);
  // Connections that become idle after finishing their request are closed as they go.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  try {
    await closed;
  } finally {
    clearTimeout(timer);
    clearInterval(sweep);
  }
}

export function formatAddress(a: AddressInfo): string {
  return a.family === 'IPv6' ? `[${a.address}]:${a.port}` : `${a.address}:${a.port}`;
}
