/**
 * Two texts of a description said one after the other: the author's words and the sentences
 * after them, or two authors' words where the walk joins two schemas (an allOf branch merged, a
 * null branch folded into a flag). With the vocabulary's authorStop, that stop where the first
 * ended no sentence ("Ends with period" + "." + " no period"); no space after the first's own
 * trailing whitespace (a newline, or text of whitespace alone); without it, one space.
 */
import type { Plan } from './plan.js';

/**
 * Where a stop would be wrong: after any script's terminal punctuation (. ! ? , ; : 。 ？ ؟ । …),
 * maybe closed by a quote or bracket, and after a closing code fence (``` or ~~~).
 */
const ENDS_SENTENCE = /(?:[\p{Terminal_Punctuation}\u2026]|```|~~~)[\p{Pe}\p{Pf}"']*$/u;

/** What goes between `first` and the text said after it. */
export function wordsGap(plan: Plan, first: string): string {
  const stop = plan.vocabulary?.authorStop;
  if (stop === undefined) return ' ';
  // Trailing space means the author set the text apart already; their words are never changed.
  if (/[\s\u200b]$/u.test(first)) return '';
  return ENDS_SENTENCE.test(first) ? ' ' : `${stop} `;
}

/** `first` then `second`; either empty is left out. */
export function joinWords(plan: Plan, first: string, second: string): string {
  if (first === '') return second;
  if (second === '') return first;
  return `${first}${wordsGap(plan, first)}${second}`;
}
