// The laws explain() must keep, one function each, shared by the property runs and the shrunk cases.
import { expect } from 'vitest';
import { convert, explain, type Dialect } from '@redouble/dialects';
import { escapeToken, isObject, orderedEqual, pointerResolves } from './json-tools.js';

const OUTCOMES = new Set(['kept', 'renamed', 'described', 'lost']);

function descriptionsIn(v: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x !== 'object') continue;
    if (isObject(x) && typeof x.description === 'string') out.push(x.description);
    stack.push(...Object.values(x));
  }
  return out.join('\n');
}

export type Check = (input: unknown, dialect: Dialect) => void;

/** Never throws, well-formed entries, input untouched, a repeat identical. */
export const wellFormed: Check = (input, dialect) => {
  const before = structuredClone(input);
  const entries = explain(input, dialect);
  if (!orderedEqual(input, before)) expect.fail(`explain mutated its input (${dialect.id})`);
  expect(JSON.stringify(explain(structuredClone(input), dialect))).toBe(JSON.stringify(entries));
  for (const e of entries) {
    expect(Object.keys(e).sort()).toEqual(['detail', 'keyword', 'outcome', 'path']);
    expect(OUTCOMES.has(e.outcome)).toBe(true);
    expect(typeof e.detail).toBe('string');
  }
};

/** Every entry points into the input as the author wrote it (draft-07 spellings included). */
export const pathsResolve: Check = (input, dialect) => {
  for (const e of explain(input, dialect)) {
    if (!pointerResolves(input, e.path)) expect.fail(`explain path ${JSON.stringify(e.path)} (${e.keyword}, ${e.outcome}) does not resolve in the input`);
  }
};

/** A kept, renamed or described entry names the keyword its pointer ends in. */
export const keywordMatchesPath: Check = (input, dialect) => {
  for (const e of explain(input, dialect)) {
    if (e.outcome !== 'lost' && !e.path.endsWith(`/${escapeToken(e.keyword)}`)) expect.fail(`explain entry ${JSON.stringify(e)} names a keyword its path does not end in`);
  }
};

/** A keyword has one fate: kept, renamed or described, not two of them at once. */
export const oneOutcomeEach: Check = (input, dialect) => {
  const seen = new Map<string, string>();
  for (const e of explain(input, dialect)) {
    if (e.outcome === 'lost') continue;
    const key = `${e.path} ${e.keyword}`;
    const earlier = seen.get(key);
    if (earlier !== undefined && earlier !== e.outcome) expect.fail(`explain calls ${e.path} both ${earlier} and ${e.outcome}`);
    seen.set(key, e.outcome);
  }
};

/** What explain calls "described" is a sentence convert really wrote into a description. */
export const describedIsWritten: Check = (input, dialect) => {
  const r = convert(input, dialect);
  if (r.output === undefined) return;
  const written = descriptionsIn(r.output);
  for (const e of explain(input, dialect)) {
    if (e.outcome === 'described' && !written.includes(e.detail)) expect.fail(`explain says ${e.path} is described as ${JSON.stringify(e.detail)}, but no description of the output holds it`);
  }
};

