// @ts-check
// A metric source as a user plugin: `svc_example_uptime_seconds`, the seconds since the plugin loaded,
// on /metrics of the min listener (with `metrics.enabled=true`). `collect` runs at scrape time, so
// nothing is computed between scrapes; name families `svc_…` yourself.
'use strict';

/** @type {import('../../dist/types/svc-plugin').UserPlugin} */
module.exports.plugin = {
  name: 'uptime-metrics',
  dependsOn: [],
  register(container) {
    /** @type {import('../../dist/types/svc-plugin').PluginApi} */
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    const loadedAt = performance.now();
    container.register(api.tokens.MetricSource, {
      useValue: {
        // Called once at start-up with the server's prom-client Registry.
        register(registry) {
          new api.metrics.Gauge({
            name: 'svc_example_uptime_seconds',
            help: 'Seconds since the uptime-metrics plugin was loaded.',
            registers: [registry],
            collect() { this.set((performance.now() - loadedAt) / 1000); },
          });
        },
      },
    });
  },
};
