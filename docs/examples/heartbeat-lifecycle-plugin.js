// @ts-check
// A lifecycle service as a user plugin: started after every plugin has loaded (in registration order),
// stopped in reverse order at shutdown after the listeners have drained. This one logs a heartbeat line
// every EXAMPLE_HEARTBEAT_MS milliseconds (default 60000) under the source `example-heartbeat`.
'use strict';

/** @type {import('../../dist/types/svc-plugin').UserPlugin} */
module.exports.plugin = {
  name: 'heartbeat-lifecycle',
  dependsOn: [],
  register(container) {
    /** @type {import('../../dist/types/svc-plugin').PluginApi} */
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    const log = container.resolve(api.tokens.LogFactory).create('example-heartbeat');
    const every = Number(container.resolve(api.tokens.ServerEnvironment).EXAMPLE_HEARTBEAT_MS ?? 60000);
    if (!Number.isInteger(every) || every < 10) throw api.SvcError.badRequest(`EXAMPLE_HEARTBEAT_MS must be an integer >= 10, not ${every}`);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    let beats = 0;
    container.register(api.tokens.Lifecycle, {
      useValue: {
        name: 'example-heartbeat',
        async start() {
          log.advisory(`heartbeat started [every=${every}ms]`);
          timer = setInterval(() => log.info(`heartbeat ${++beats}`), every);
          timer.unref();                      // never keeps the process alive by itself
        },
        async stop() {
          clearInterval(timer);
          log.advisory(`heartbeat stopped [beats=${beats}]`);
        },
      },
    });
  },
};
