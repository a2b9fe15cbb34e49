/**
 * What a local-only step needs (see local-only.ts), as plain data: the acceptance runner and the step
 * catalogue read it without loading any step definitions' side effects.
 */
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
