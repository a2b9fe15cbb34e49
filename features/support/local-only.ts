/**
 * Steps that need what only a server started by the World offers (its root directory, environment, log,
 * process or in-process services) declare it: `Given('the root file {string} contains:', localOnly('root'), …)`.
 * Against a running server (`svc-accept --base`) such a step is refused with the reason before its body
 * runs; the acceptance runner refuses whole scenarios that contain one before running them, and
 * docs/steps.md marks them.
 */
import { setDefinitionFunctionWrapper } from '@cucumber/cucumber';

export type LocalNeed = 'root' | 'environment' | 'log' | 'process' | 'storage' | 'in-process';

export const LOCAL_NEEDS: Readonly<Record<LocalNeed, string>> = {
  root: "the server's root directory",
  environment: "the server's environment before start-up",
  log: "the server's log output",
  process: 'starting, stopping or signalling the server',
  storage: "the server's storage engine, read in-process",
  'in-process': 'the server running in the test process',
};

export interface LocalOnlyOptions {
  readonly wrapperOptions: { readonly localOnly: LocalNeed };
}

/** Step definition options marking a step as local-only. */
export function localOnly(need: LocalNeed): LocalOnlyOptions {
  return { wrapperOptions: { localOnly: need } };
}

/** The need a step definition's options declare, if any. */
export function localNeedOf(options: unknown): LocalNeed | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const wrapper = (options as { wrapperOptions?: unknown }).wrapperOptions;
  if (typeof wrapper !== 'object' || wrapper === null) return undefined;
  const need = (wrapper as { localOnly?: unknown }).localOnly;
  return typeof need === 'string' && need in LOCAL_NEEDS ? (need as LocalNeed) : undefined;
}

/** Thrown by a local-only step, or a World member, used against a running server. */
export class RemoteRefusal extends Error {
  constructor(need: LocalNeed, base: string) {
    super(`refused: this step needs ${LOCAL_NEEDS[need]}, which a run against --base ${base} cannot reach; run it without --base`);
    this.name = 'RemoteRefusal';
  }
}

/** What a World offers the wrapper: the base URL when it talks to a running server. */
export interface MaybeRemote {
  readonly remoteBase: string | undefined;
}

type StepCode = (this: unknown, ...args: unknown[]) => unknown;

// Cucumber keeps the wrapped function's arity itself (util-arity), so steps keep their parameter checks.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
setDefinitionFunctionWrapper((fn: Function, options?: unknown) => {
  const need = localNeedOf({ wrapperOptions: options });
  if (need === undefined) return fn;
  const code = fn as StepCode;
  return function (this: MaybeRemote, ...args: unknown[]): unknown {
    if (this.remoteBase !== undefined) throw new RemoteRefusal(need, this.remoteBase);
    return code.apply(this, args);
  };
});
