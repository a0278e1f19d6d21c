/**
 * The pattern engine given to Ajv (`code.regExp`). A `pattern` in a tool schema runs on untrusted
 * arguments and must mean what ECMA-262 says with the `u` flag (what Ajv's own `new RegExp(p, "u")`
 * does), yet never stall the server:
 *
 * - A pattern the native engine refuses with the `u` flag throws here, as in Ajv: the schema is
 *   refused when it compiles, never run with some other meaning.
 * - Every other pattern is read by the ECMA-262 grammar (patterns/translate.ts) into code-point
 *   sets and runs on the judge's own lazy DFA (patterns/dfa.ts): linear time, ECMA-262 meaning.
 *   What the DFA declines (word boundaries, very large counted repetitions) is spelled for re2js,
 *   another linear-time engine, with each class written out as code points.
 * - A pattern with no linear spelling (look-around, back-references, a property escape, a
 *   repetition too large for both linear engines) runs on the native engine in a worker thread under a time limit per judged
 *   document (patterns/bounded-run.ts). `judge.warm()` warns about each such pattern.
 *
 * Ajv caches compiled patterns by the engine object's `toString()`, so every adapter returns its
 * own source there; without that, every pattern would collide with the first one.
 */
import { requireDependency } from '../lazy-module.js';
import { boundedTest } from './patterns/bounded-run.js';
import { compileDfa } from './patterns/dfa.js';
import { readPattern, spellForRe2 } from './patterns/translate.js';

interface LinearPattern {
  // test(): any match, without captures: re2js runs its DFA.
  test(input: string): boolean;
}
interface LinearEngine {
  compile(pattern: string, flags?: number): LinearPattern;
}

/** re2js, loaded when the first pattern needs it (lazy-module.ts); undefined where it is not installed. */
let linearLoaded: { engine: LinearEngine | undefined } | undefined;
function linearEngine(): LinearEngine | undefined {
  if (linearLoaded === undefined) {
    try {
      linearLoaded = { engine: requireDependency<{ RE2JS?: LinearEngine }>('re2js').RE2JS };
    } catch {
      linearLoaded = { engine: undefined };
    }
  }
  return linearLoaded.engine;
}

/** Whether re2js is installed (it is a dependency; a trimmed install may lack it). */
export function linearEngineAvailable(): boolean {
  return linearEngine() !== undefined;
}

/** How a pattern runs: in linear time, or on the bounded native path, and why. */
export type PatternPlan = { kind: 'linear'; engine: 'dfa' | 're2js'; test(input: string): boolean } | { kind: 'bounded'; reason: string };

const plans = new Map<string, PatternPlan>();

/** The plan of a pattern the native engine accepts with the `u` flag; computed once per source. */
export function planPattern(source: string): PatternPlan {
  let plan = plans.get(source);
  if (!plan) plans.set(source, (plan = makePlan(source)));
  return plan;
}

function makePlan(source: string): PatternPlan {
  const reading = readPattern(source);
  if (reading.kind === 'backtracking') return { kind: 'bounded', reason: `it uses ${reading.reason}` };
  if (reading.kind === 'unreadable') return { kind: 'bounded', reason: `the judge's pattern reader cannot follow it (${reading.reason})` };
  const dfa = compileDfa(reading.node);
  if (dfa) return { kind: 'linear', engine: 'dfa', test: (input) => dfa.test(input) };
  const linear = linearEngine();
  if (!linear) return { kind: 'bounded', reason: 'the linear-time engine (re2js) is not installed' };
  const re2 = spellForRe2(reading.node);
  try {
    const compiled = linear.compile(re2);
    return { kind: 'linear', engine: 're2js', test: (input) => compiled.test(input) };
  } catch (error) {
    return { kind: 'bounded', reason: `the linear-time engine cannot hold it (${error instanceof Error ? error.message : String(error)})` };
  }
}

export interface PatternEngine {
  test(input: string): boolean;
  toString(): string;
}

export interface PatternEngineFactory {
  (pattern: string, flags: string): PatternEngine;
  /** Ajv's name for the engine in standalone code (never generated here). */
  code: string;
}

export function makePatternEngine(): PatternEngineFactory {
  const factory = (pattern: string, flags: string): PatternEngine => {
    const key = `/${pattern}/${flags}`;
    // Throws like Ajv would: an invalid pattern is a broken schema, reported at compile time.
    new RegExp(pattern, flags);
    if (flags !== 'u') throw new Error(`The judge reads patterns with the u flag only, not ${JSON.stringify(flags)}.`);
    const plan = planPattern(pattern);
    if (plan.kind === 'linear') return { test: plan.test, toString: () => key };
    return { test: (input) => boundedTest(pattern, input), toString: () => `${key}bounded` };
  };
  return Object.assign(factory, { code: 'judgePatternEngine' });
}
