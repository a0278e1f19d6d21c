/**
 * The pattern engine given to Ajv (`code.regExp`). A `pattern` in a tool schema runs on untrusted
 * arguments, so a pattern with catastrophic backtracking must not stall the server:
 *
 * - Patterns run on re2js, a linear-time engine (time grows with the string, never exponentially).
 * - A pattern re2js cannot read (look-around, back-references) runs on the native engine, but only
 *   on strings up to `nativeMaxLength` characters; a longer string makes the engine throw
 *   PatternTooLongError, which the judge turns into a refusal at that string's pointer. The bound
 *   is a length bound: it keeps polynomial backtracking small, and such patterns are reported by
 *   `judge.warm()` as a warning so the server owner can rewrite them.
 * - Should re2js be missing from the installation, every pattern takes the bounded native path and
 *   `linearEngineAvailable` is false (reported the same way).
 *
 * Ajv caches compiled patterns by the engine object's `toString()`, so every adapter returns its
 * own source and flags there; without that, every pattern would collide with the first one.
 */
import { createRequire } from 'node:module';

interface LinearPattern {
  matcher(input: string): { find(): boolean };
}
interface LinearEngine {
  compile(pattern: string, flags?: number): LinearPattern;
}

function loadLinearEngine(): LinearEngine | undefined {
  try {
    const mod = createRequire(import.meta.url)('re2js') as { RE2JS?: LinearEngine };
    return mod.RE2JS;
  } catch {
    return undefined;
  }
}

const linear = loadLinearEngine();
export const linearEngineAvailable = linear !== undefined;

export class PatternTooLongError extends Error {
  override readonly name = 'PatternTooLongError';
  constructor(
    readonly pattern: string,
    readonly input: string,
    readonly limit: number,
  ) {
    super(`A string of ${input.length} characters is too long to check against the pattern ${pattern} (limit ${limit}).`);
  }
}

export interface PatternEngine {
  test(input: string): boolean;
  toString(): string;
}

/** Patterns that fell back to the native engine, by source: the judge warns about each. */
export const nativeFallbackPatterns = new Set<string>();

export interface PatternEngineFactory {
  (pattern: string, flags: string): PatternEngine;
  /** Ajv's name for the engine in standalone code (never generated here). */
  code: string;
}

export function makePatternEngine(nativeMaxLength: number): PatternEngineFactory {
  const factory = (pattern: string, flags: string): PatternEngine => {
    const key = `/${pattern}/${flags}`;
    if (linear) {
      try {
        const compiled = linear.compile(pattern);
        return { test: (input) => compiled.matcher(input).find(), toString: () => key };
      } catch {
        // not readable by the linear engine: bounded native below
      }
    }
    // Throws like Ajv would for an invalid pattern, so a broken schema is reported at compile time.
    const native = new RegExp(pattern, flags);
    nativeFallbackPatterns.add(pattern);
    return {
      test(input) {
        if (input.length > nativeMaxLength) throw new PatternTooLongError(pattern, input, nativeMaxLength);
        native.lastIndex = 0;
        return native.test(input);
      },
      toString: () => `${key}native${nativeMaxLength}`,
    };
  };
  return Object.assign(factory, { code: 'judgePatternEngine' });
}
