/**
 * Steps that need what only a server started by the World offers (its root directory, environment, log,
 * process or in-process services) declare it: `Given('the root file {string} contains:', localOnly('root'), …)`.
 * Against a running server (`svc-accept --base`) such a step is refused with the reason before its body
 * runs; the acceptance runner refuses whole scenarios that contain one before running them, and
 * docs/steps.md marks them.
 */
import { setDefinitionFunctionWrapper } from '@cucumber/cucumber';
import { LOCAL_NEEDS, LocalNeed, localNeedOf } from './local-needs';

export { localOnly } from './local-needs';
export type { LocalNeed } from './local-needs';

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
