#!/usr/bin/env node
/**
 * `svc [-d <root>] [-Debug] [-Dout=<log.conf>]` (bin/svc, `npm start`, `node dist/core/cli.js`): runs the
 * default plugin bundle as a server. SIGINT/SIGTERM stop it gracefully (in-flight requests get
 * `http.shutdown.grace.period`) and exit 0; a start-up error prints `svc: start-up failed: <reason>` on
 * standard error (no stack) and exits 1.
 */
import './v8-tuning';
import 'reflect-metadata';
import './server/restify-preload';
import { defaultBundle } from '../plugins/default-bundle';
import { RunningServer, startServer } from './bootstrap';
import { HTTP_SHUTDOWN_GRACE } from './config/server-keys';
import { ErrorResponder } from './server/error-responder';

/** Time past the grace period after which a stop that hangs ends the process anyway. */
const HARD_STOP_MARGIN_MS = 2000;

export interface CliOptions {
  readonly rootDir: string;
  readonly debug: boolean;
  readonly logConfPath: string | undefined;
}

export function parseArgs(argv: readonly string[]): CliOptions {
  let rootDir = './data';
  let debug = false;
  let logConfPath: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-d') {
      const v = argv[++i];
      if (v === undefined) throw new Error('-d needs a directory');
      rootDir = v;
    } else if (a === '-Debug') debug = true;
    else if (a.startsWith('-Dout=')) logConfPath = a.slice('-Dout='.length);
    else if (a === '-h' || a === '--help') {
      process.stdout.write('usage: svc [-d <root>] [-Debug] [-Dout=<log.conf>]\n');
      process.exit(0);
    } else throw new Error(`unknown argument: ${a}`);
  }
  return { rootDir, debug, logConfPath };
}

export async function main(): Promise<void> {
  process.setSourceMapsEnabled(true);
  let server: RunningServer;
  try {
    const options = parseArgs(process.argv.slice(2));
    server = await startServer({ ...options, bundle: defaultBundle });
  } catch (e) {
    process.stderr.write(`svc: start-up failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
  const responder = server.container.resolve(ErrorResponder);
  process.on('uncaughtException', (e) => responder.unhandled('uncaughtException', e));
  process.on('unhandledRejection', (e) => responder.unhandled('unhandledRejection', e));
  let signalled = false;
  const onSignal = (signal: string): void => {
    if (signalled) return;
    signalled = true;
    const hardStopMs = server.config.get(HTTP_SHUTDOWN_GRACE) + HARD_STOP_MARGIN_MS;
    const hardStop = setTimeout(() => {
      process.stderr.write(`svc: stopping on ${signal} took longer than ${hardStopMs} ms; exiting\n`);
      process.exit(0);
    }, hardStopMs);
    hardStop.unref();
    server.stop().then(
      () => process.exit(0),
      (e) => { process.stderr.write(`svc: error while stopping on ${signal}: ${String(e)}\n`); process.exit(0); },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}

if (require.main === module) void main();
