/**
 * Answers the bounded-path pattern tests of one judged document (pattern-worker.ts runs them).
 *
 * Ajv's validator is synchronous and asks for one test at a time, while the worker answers later.
 * So a document is judged in rounds: in each round, a test whose answer is not known yet is noted
 * and answered `false` for the moment; the noted tests go to the worker in one batch; the document
 * is judged again with the answers. The verdict is the one of the first round that needed no
 * unknown answer, so provisional answers never reach it. Each round adds answers, and a document
 * holds finitely many strings, so the rounds end; one or two in practice.
 *
 * The time limit covers all rounds of one document together: a document with a thousand slow
 * strings gets the same bound as one with a single slow string.
 */
import { runAsync, runSync, type BatchOutcome, type PatternTest } from './pattern-worker.js';

/** The default time limit of the bounded path per judged document (docs/error-handling.md). */
export const DEFAULT_PATTERN_TIME_LIMIT_MS = 50;

export class PatternTimeoutError extends Error {
  override readonly name = 'PatternTimeoutError';
  constructor(
    readonly pattern: string,
    readonly input: string,
    readonly limitMs: number,
  ) {
    super(`The pattern ${pattern} could not be checked within ${limitMs} ms.`);
  }
}

class Answers {
  /** By pattern, then string: the answer, or null while it is noted as missing. */
  private readonly known = new Map<string, Map<string, boolean | null>>();
  missing: PatternTest[] = [];

  lookup(source: string, input: string): boolean {
    let bySource = this.known.get(source);
    if (!bySource) this.known.set(source, (bySource = new Map()));
    const answer = bySource.get(input);
    if (answer === undefined) {
      bySource.set(input, null);
      this.missing.push({ source, input });
    }
    return answer === true;
  }

  record(tests: PatternTest[], matched: boolean[]): void {
    tests.forEach((t, i) => this.known.get(t.source)!.set(t.input, matched[i]!));
  }
}

let current: Answers | undefined;

/** The engine's test for a bounded-path pattern (safe-regexp.ts). */
export function boundedTest(source: string, input: string): boolean {
  if (current) return current.lookup(source, input);
  // Outside a judged document (a validator called directly): one bounded test on its own.
  const outcome = runSync([{ source, input }], DEFAULT_PATTERN_TIME_LIMIT_MS);
  if ('timedOut' in outcome) throw new PatternTimeoutError(source, input, DEFAULT_PATTERN_TIME_LIMIT_MS);
  return outcome.matched[0]!;
}

function round<T>(answers: Answers, judge: () => T): T {
  const previous = current;
  current = answers;
  try {
    return judge();
  } finally {
    current = previous;
  }
}

function timedOut(outcome: BatchOutcome, batch: PatternTest[], limitMs: number): PatternTimeoutError | undefined {
  if (!('timedOut' in outcome)) return undefined;
  const test = batch[outcome.timedOut] ?? batch[0]!;
  return new PatternTimeoutError(test.source, test.input, limitMs);
}

/** Judges with the bounded tests answered synchronously: blocks at most `limitMs` in all. */
export function judgeBounded<T>(judge: () => T, limitMs: number, refuse: (e: PatternTimeoutError) => T): T {
  const answers = new Answers();
  const deadline = performance.now() + limitMs;
  for (;;) {
    const verdict = round(answers, judge);
    const batch = answers.missing;
    if (batch.length === 0) return verdict;
    answers.missing = [];
    const left = deadline - performance.now();
    const outcome: BatchOutcome = left > 0 ? runSync(batch, left) : { timedOut: 0 };
    const timeout = timedOut(outcome, batch, limitMs);
    if (timeout) return refuse(timeout);
    answers.record(batch, (outcome as { matched: boolean[] }).matched);
  }
}

/** Judges with the bounded tests answered by the worker without blocking the event loop. */
export async function judgeBoundedAsync<T>(judge: () => T, limitMs: number, refuse: (e: PatternTimeoutError) => T): Promise<T> {
  const answers = new Answers();
  let spent = 0;
  for (;;) {
    const verdict = round(answers, judge);
    const batch = answers.missing;
    if (batch.length === 0) return verdict;
    answers.missing = [];
    const left = limitMs - spent;
    const outcome: BatchOutcome = left > 0 ? await runAsync(batch, left) : { timedOut: 0 };
    if ('elapsedMs' in outcome) spent += outcome.elapsedMs ?? 0;
    const timeout = timedOut(outcome, batch, limitMs);
    if (timeout) return refuse(timeout);
    answers.record(batch, (outcome as { matched: boolean[] }).matched);
  }
}
