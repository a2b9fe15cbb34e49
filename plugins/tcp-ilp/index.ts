import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { LINE_TCP_ENABLED } from '../../core/config/server-keys';
import { Lifecycle } from '../../core/extension/lifecycle';
import { Plugin } from '../../core/plugin';
import { LineTcpServer } from './tcp-server';

/** Line protocol over plain TCP (default 0.0.0.0:9009). Off with `line.tcp.enabled=false`. */
export const tcpIlpPlugin: Plugin = {
  name: 'tcp-ilp',
  dependsOn: ['line-protocol'],
  register(container: DependencyContainer): void {
    if (!container.resolve(ServerConfig).get(LINE_TCP_ENABLED)) return;
    container.registerSingleton(LineTcpServer);
    container.register(Lifecycle, { useFactory: (c) => c.resolve(LineTcpServer) });
  },
};
