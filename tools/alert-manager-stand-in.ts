/**
 * A real TCP server standing in for a Prometheus Alertmanager in tests: it reads HTTP/1.1 requests
 * (headers and a Content-Length body), keeps them, and answers each with `status` (200 by default),
 * keeping the connection open like Alertmanager does. It can be stopped and started again on the same
 * port to play an alert manager that goes down and comes back.
 */
import { createServer, Server, Socket } from 'node:net';

export interface ReceivedAlert {
  readonly requestLine: string;
  readonly headers: ReadonlyMap<string, string>;
  /** The raw `Content-Length` header value, padding included. */
  readonly rawContentLength: string;
  readonly body: string;
}

export class AlertManagerStandIn {
  readonly received: ReceivedAlert[] = [];
  status = 200;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private waiters: (() => void)[] = [];
  port = 0;

  async start(port = this.port): Promise<number> {
    const server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    const address = server.address();
    this.port = typeof address === 'object' && address !== null ? address.port : port;
    return this.port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `count` alerts have arrived (rejects after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} alerts, got ${this.received.length}`);
      await new Promise<void>((r) => { this.waiters.push(r); setTimeout(r, 50); });
    }
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const lines = buffered.subarray(0, end).toString('latin1').split('\r\n');
        const headers = new Map<string, string>();
        let rawContentLength = '';
        for (const line of lines.slice(1)) {
          const i = line.indexOf(':');
          headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
          if (line.slice(0, i).trim().toLowerCase() === 'content-length') rawContentLength = line.slice(i + 1);
        }
        const length = Number(headers.get('content-length') ?? '0');
        if (buffered.length < end + 4 + length) return;
        const body = buffered.subarray(end + 4, end + 4 + length).toString('utf8');
        buffered = buffered.subarray(end + 4 + length);
        this.received.push({ requestLine: lines[0], headers, rawContentLength, body });
        const reply = `{"status":"${this.status < 300 ? 'success' : 'error'}"}`;
        socket.write(`HTTP/1.1 ${this.status} X\r\nContent-Type: application/json\r\nContent-Length: ${reply.length}\r\n\r\n${reply}`);
        for (const w of this.waiters.splice(0)) w();
      }
    });
  }
}
