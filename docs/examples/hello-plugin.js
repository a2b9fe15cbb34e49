// @ts-check
// A user plugin: drop this file into <root>/plugins/ (or list its path in server.conf `plugins=`).
// It adds GET /hello on the API listener. Plain JavaScript: everything it needs comes from the
// container, so it does not import the server's modules. The JSDoc types come from the build's
// dist/types/svc-plugin.d.ts (docs/plugins.md "Types"); they are comments, so the file runs anywhere.
'use strict';

/** @typedef {import('../../dist/types/svc-plugin').PluginApi} PluginApi */

/** @type {import('../../dist/types/svc-plugin').UserPlugin} */
module.exports.plugin = {
  name: 'hello',
  dependsOn: [],
  register(container) {
    /** @type {PluginApi} */
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    const framing = container.resolve(api.ResponseFraming);
    container.register(api.tokens.HttpRoute, {
      useValue: {
        listener: 'api',
        path: '/hello',
        methods: ['GET'],
        async handle({ res, params }) {
          const name = params.get('name') ?? 'world';
          if (name.length > 64) throw api.SvcError.badRequest('name is too long');
          framing.send(res, 200, api.CONTENT_TYPE.text, `hello, ${name}\r\n`);
        },
      },
    });
  },
};
