#!/usr/bin/env node
/**
 * `svc-accept` / `npm run accept`: runs feature files (svc's own, or a user's written with svc's steps,
 * docs/steps.md) against a server started per scenario with the user's plugins loaded (`--plugins`), or
 * against a server that already runs (`--base`). Ends with `N passed, N failed`; exits 1 when a scenario
 * failed or none ran, 2 on a bad command line. Usage: tools/accept-options.ts (`--help`).
 */
import { ACCEPT_USAGE, AcceptOptions, parseAcceptArgs, UsageError } from './accept-options';
import { planRemoteRun } from './accept-refusals';
import { Counts, dryRun, FeatureCounts, prepareRun, runFeatures, summary } from './feature-run';

async function accept(options: AcceptOptions): Promise<number> {
  const prepared = await prepareRun({
    paths: options.paths,
    tags: options.tags,
    // Without --plugins the World falls back to SVC_PLUGINS.
    target: {
      plugins: options.plugins.length > 0 ? options.plugins : undefined,
      base: options.base, min: options.min, ilp: options.ilp, pg: options.pg,
    },
  });
  let refusedLines: string[] = [];
  let ran: FeatureCounts = { passed: 0, failed: 0, failedNames: [], scenarios: 0 };
  if (options.base === undefined) {
    ran = await runFeatures(prepared);
  } else {
    const plan = planRemoteRun(prepared, await dryRun(prepared));
    refusedLines = plan.refused.map((r) => `${r.scenario}: refused, ${r.reason}, which --base ${options.base} cannot reach`);
    if (plan.runnable.length > 0) ran = await runFeatures(prepared, plan.runnable);
  }
  const total: Counts = {
    passed: ran.passed,
    failed: ran.failed + refusedLines.length,
    failedNames: [...ran.failedNames, ...refusedLines],
  };
  process.stdout.write('\n');
  if (ran.scenarios + refusedLines.length === 0) {
    process.stdout.write('no scenario matched: counted as a failure\n');
    total.failed++;
  }
  process.stdout.write(summary(total));
  return total.failed > 0 ? 1 : 0;
}

export async function main(argv: readonly string[]): Promise<number> {
  let options: AcceptOptions;
  try {
    // `npm run` starts in the project folder; INIT_CWD is where the user typed the command.
    options = parseAcceptArgs(argv, process.env.INIT_CWD ?? process.cwd());
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`svc-accept: ${e.message}\n\n${ACCEPT_USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(ACCEPT_USAGE);
    return 0;
  }
  return accept(options);
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e: unknown) => {
    process.stdout.write(`svc-accept failed: ${e instanceof Error ? e.stack : String(e)}\n0 passed, 1 failed\n`);
    process.exitCode = 1;
  });
}
