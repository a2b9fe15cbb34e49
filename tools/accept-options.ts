/** `svc-accept`'s command line: options, their checks and the usage text. */
import { isAbsolute, resolve } from 'node:path';
import { endpointOf, hostPortOf } from '../features/support/world-target';

export const ACCEPT_USAGE = `Usage: svc-accept [--plugins a.js,b.js] [--base URL [--min URL] [--ilp HOST:PORT] [--pg HOST:PORT]] [--tags EXPR] [FILES_OR_DIRS…]
       npm run accept -- [the same]

Runs Cucumber feature files written with svc's steps (docs/steps.md) against a server, and ends with the
line "N passed, N failed". Exits 1 when a scenario failed or none ran, 2 on a bad command line.

  FILES_OR_DIRS   .feature files or folders of them (default: svc's own features/)
  --plugins LIST  user plugin modules (comma-separated paths) that the server started for each scenario
                  loads after its default bundle; the same as the SVC_PLUGINS environment variable
  --base URL      run against a server that is already running (http://host:port of its API listener)
                  instead of starting one per scenario. Steps that need the server's root directory,
                  environment, log or process cannot run there: scenarios containing them are refused
                  before they start and count as failed. Scenarios share that server's tables.
  --min URL       with --base: the min listener (health, /metrics), for steps that use it
  --ilp HOST:PORT with --base: the line protocol TCP listener, for steps that send lines over TCP
  --pg HOST:PORT  with --base: the PostgreSQL wire protocol listener, for the PostgreSQL steps
                  (node-postgres, raw messages, psql, Python)
                  Without one of these, a step that needs that listener fails naming the option.
  --tags EXPR     only scenarios matching a Cucumber tag expression, e.g. "@smoke and not @slow"
  --help          prints this and runs nothing
`;

export interface AcceptOptions {
  readonly help: boolean;
  readonly paths: readonly string[];
  readonly plugins: readonly string[];
  readonly base?: string;
  readonly min?: string;
  readonly ilp?: string;
  readonly pg?: string;
  readonly tags?: string;
}

/** A command-line mistake: the message and the usage are printed, exit code 2. */
export class UsageError extends Error {}

/**
 * Parses the arguments; relative paths are relative to `cwd` (the user's folder: `npm run` moves to the
 * project, so the caller passes INIT_CWD).
 */
export function parseAcceptArgs(argv: readonly string[], cwd: string): AcceptOptions {
  const abs = (p: string): string => (isAbsolute(p) ? p : resolve(cwd, p));
  const paths: string[] = [];
  let plugins: string[] = [];
  let base: string | undefined;
  let min: string | undefined;
  let ilp: string | undefined;
  let pg: string | undefined;
  let tags: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '--help': case '-h': return { help: true, paths: [], plugins: [] };
      case '--plugins': plugins = [...plugins, ...value().split(',').map((p) => p.trim()).filter((p) => p !== '').map(abs)]; break;
      case '--base': base = value(); break;
      case '--min': min = value(); break;
      case '--ilp': ilp = value(); break;
      case '--pg': pg = value(); break;
      case '--tags': tags = value(); break;
      default:
        if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
        paths.push(abs(arg));
    }
  }
  if (base !== undefined) checkAddress(() => endpointOf(base, '--base'));
  if (min !== undefined) {
    if (base === undefined) throw new UsageError('--min goes with --base');
    checkAddress(() => endpointOf(min, '--min'));
  }
  for (const [address, option] of [[ilp, '--ilp'], [pg, '--pg']] as const) {
    if (address === undefined) continue;
    if (base === undefined) throw new UsageError(`${option} goes with --base`);
    checkAddress(() => hostPortOf(address, option));
  }
  if (base !== undefined && plugins.length > 0) {
    throw new UsageError('--plugins loads plugins into the servers svc-accept starts; a server given by --base runs with its own plugins');
  }
  return { help: false, paths, plugins, base, min, ilp, pg, tags };
}

/** Runs an address check, its error turned into a usage error. */
function checkAddress(check: () => unknown): void {
  try {
    check();
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}
