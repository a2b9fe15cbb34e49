// @ts-check
// An authenticator as a user plugin: requests must carry `X-Api-Key: <key>` where the key is the
// server's EXAMPLE_API_KEY environment variable. Without that variable the plugin registers nothing.
// The listeners use the first registered authenticator, so use it instead of http.user/http.auth.tokens
// (with those set, the built-in one is registered first and is the one used).
'use strict';

const { createHash, timingSafeEqual } = require('node:crypto');

/** @param {string} text */
const digest = (text) => createHash('sha256').update(text, 'utf8').digest();

/** @type {import('../../dist/types/svc-plugin').UserPlugin} */
module.exports.plugin = {
  name: 'api-key-authenticator',
  dependsOn: [],
  register(container) {
    /** @type {import('../../dist/types/svc-plugin').PluginApi} */
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    const key = container.resolve(api.tokens.ServerEnvironment).EXAMPLE_API_KEY;
    if (key === undefined || key === '') return;
    const expected = digest(key);
    container.register(api.tokens.HttpAuthenticator, {
      useValue: {
        enabled: true,
        // The principal when the credentials are valid, else undefined (the route then answers 401).
        // Digests of equal length compared in constant time: the key's length and content do not leak.
        authenticate(req) {
          const given = req.headers['x-api-key'];
          return typeof given === 'string' && timingSafeEqual(digest(given), expected) ? 'api-key' : undefined;
        },
      },
    });
  },
};
