// @ts-check
// A log writer class for log.conf, as a user plugin: `w.<name>.class=com.example.JsonLinesWriter`
// writes every record it receives as one JSON object per line to `w.<name>.location`
// (default `${log.dir}/svc.jsonl`). Plain JavaScript: everything comes from the PluginApi.
'use strict';

/** @type {import('../../dist/types/svc-plugin').UserPlugin} */
module.exports.plugin = {
  name: 'json-lines-writer',
  dependsOn: [],
  register(container) {
    /** @type {import('../../dist/types/svc-plugin').PluginApi} */
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    container.register(api.tokens.LogWriterFactory, {
      useValue: {
        className: 'com.example.JsonLinesWriter',
        properties: ['location'],               // anything else under w.<name>. stops start-up
        create(settings) {
          const location = settings.properties.get('location') ?? '${log.dir}/svc.jsonl';
          const file = new api.FileAppender(api.resolveLogLocation(location, settings, Date.now() * 1000));
          return {
            // Called for each record that passed w.<name>.level and w.<name>.scope; must not throw or block.
            write(record) {
              file.appendLine(JSON.stringify({
                micros: record.micros,
                level: api.LEVEL_MARKER[record.level],
                source: record.source,
                message: record.message,
              }));
            },
            async flush() { file.writeOut(); },
            async close() { file.close(); },
          };
        },
      },
    });
  },
};
