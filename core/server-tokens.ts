/** Tokens of values the bootstrap registers for plugins. */
/** The stream console writers write to (process.stdout unless a test captures it). */
export const ConsoleStream = Symbol.for('svc.ConsoleStream');
/** The environment the server was started with (plugin keys, template variables). */
export const ServerEnvironment = Symbol.for('svc.Environment');
