// The editor schemas explain every key: an editor shows a property's `description` while a user
// types a rule file, and offers nothing where it is missing (the export had 2 of 88 once).
import { describe, expect, it } from 'vitest';
import { ruleFileJsonSchema, sentenceFileJsonSchema } from '@redouble/dialects';

type Json = Record<string, unknown>;

/** Every property of the schema, by a path that names the keys on the way; `undefined` where it has no description. */
function properties(node: unknown, path: string, out: Map<string, string | undefined>): Map<string, string | undefined> {
  if (Array.isArray(node)) {
    node.forEach((n) => properties(n, path, out));
    return out;
  }
  if (node === null || typeof node !== 'object') return out;
  const o = node as Json;
  for (const [name, sub] of Object.entries((o.properties as Json | undefined) ?? {})) {
    const d = (sub as Json).description;
    out.set(`${path}.${name}`, typeof d === 'string' && d.trim() !== '' ? d : undefined);
    properties(sub, `${path}.${name}`, out);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'items', 'prefixItems', 'additionalProperties']) {
    if (o[key] !== undefined) properties(o[key], key === 'items' ? `${path}[]` : key === 'additionalProperties' ? `${path}.*` : path, out);
  }
  for (const [name, sub] of Object.entries({ ...((o.$defs as Json | undefined) ?? {}), ...((o.definitions as Json | undefined) ?? {}) })) {
    properties(sub, `#${name}`, out);
  }
  return out;
}

describe.each([
  ['rule-file.schema.json', ruleFileJsonSchema, ['.rules[].limits.largeEnum.maxChars', '.rules[].keepWhen.*.nodeTypes', '.sources.*.read', '.notes[].words']],
  ['sentence-file.schema.json', sentenceFileJsonSchema, ['.vocabulary.rules[].text', '.vocabulary.authorStop', '.notes[].equal']],
] as const)('%s', (_name, exported, nested) => {
  const found = properties(exported(), '', new Map());

  it('reaches the nested properties (through items, additionalProperties and the rest)', () => {
    expect([...found.keys()]).toEqual(expect.arrayContaining([...nested]));
  });

  it('has a description on every property', () => {
    expect([...found].filter(([, d]) => d === undefined).map(([p]) => p)).toEqual([]);
  });
});
