/**
 * Loads restify once with Node's deprecation warnings off. restify 11.1.0 is the newest restify whose
 * `engines` include Node 20 (12.0.0 declares Node >= 22, so `npm ci` warns EBADENGINE); 11 requires
 * spdy at load for its optional HTTP/2-over-SPDY server, and spdy's http-deceiver calls
 * `process.binding('http_parser')`, which prints DEP0111 on every start. svc never creates a spdy
 * server, so that one require runs without the warning; later `import 'restify'`s get the cached module.
 * Imported first by core/bootstrap.ts and core/cli.ts.
 */
// `process.noDeprecation` is a documented Node property that @types/node 20 does not declare.
const previous: unknown = Reflect.get(process, 'noDeprecation');
Reflect.set(process, 'noDeprecation', true);
try {
  require('restify');
} finally {
  Reflect.set(process, 'noDeprecation', previous);
}

export {};
