/**
 * The step definitions of a loaded Cucumber support library. Cucumber's public type of the library is
 * opaque, so this reads the fields it documents for its own formatters (id, pattern, keyword, options,
 * uri, line, the unwrapped code and the parsed expression) through a guard.
 */
import type { ISupportCodeLibrary } from '@cucumber/cucumber/api';

export interface StepDefinitionView {
  readonly id: string;
  /** The Cucumber expression text (or a regular expression's source). */
  readonly pattern: string;
  /** `Given`, `When`, `Then` (or `Unknown` for `defineStep`). */
  readonly keyword: string;
  /** The definition's options (`wrapperOptions`, `timeout`). */
  readonly options: unknown;
  readonly uri: string;
  readonly line: number;
  /** The step function as written (before the local-only wrapper). */
  readonly code: (...args: never[]) => unknown;
  /** Whether a step text matches the definition. */
  matches(text: string): boolean;
}

interface RawDefinition {
  id: unknown; pattern: unknown; keyword: unknown; options: unknown; uri: unknown; line: unknown; unwrappedCode: unknown; code: unknown;
  matchesStepName?: unknown;
}

function isRaw(x: unknown): x is RawDefinition {
  return typeof x === 'object' && x !== null && 'id' in x && 'pattern' in x && 'uri' in x;
}

export function stepDefinitionsOf(library: ISupportCodeLibrary): StepDefinitionView[] {
  const list: unknown = (library as unknown as { stepDefinitions?: unknown }).stepDefinitions;
  if (!Array.isArray(list)) throw new Error('the Cucumber support library has no step definitions list');
  return list.filter(isRaw).map((d) => {
    const code = typeof d.unwrappedCode === 'function' ? d.unwrappedCode : d.code;
    const match = d.matchesStepName;
    return {
      id: String(d.id),
      pattern: d.pattern instanceof RegExp ? d.pattern.source : String(d.pattern),
      keyword: String(d.keyword),
      options: d.options,
      uri: String(d.uri),
      line: Number(d.line),
      code: (typeof code === 'function' ? code : () => undefined) as (...args: never[]) => unknown,
      matches: (text: string): boolean => typeof match === 'function' && match.call(d, text) === true,
    };
  });
}
