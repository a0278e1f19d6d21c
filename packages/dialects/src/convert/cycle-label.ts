/**
 * What a cut cycle's sentence calls the structure it repeats (the `{label}` of the cycle events).
 * The definition's name is what the author reads, but a generator's name is not: zod 4 writes a
 * recursive schema as `$defs.__schema0`, others `def-0` or `T1`, and a model reading "Repeats the
 * structure of __schema0" is told nothing, since the definitions are written out and gone. So the
 * label is the definition's own `title` where it has one, else its name unless that looks made by
 * a generator, else the property where the structure was first used ("tree"), else the name.
 */
import { isPlainObject } from './data.js';
import type { RefTarget } from './refs.js';

/** Names a generator makes up: a number, after nothing but an optional schema, def, type or letter prefix. */
const GENERATED = /^_*(?:schema|def|definition|type|ref|[a-z])?[-_]?\d+$/i;

export function cycleLabel(target: RefTarget, firstUse: string | undefined): string {
  const node = target.node;
  const title = isPlainObject(node) && typeof node.title === 'string' ? node.title.trim() : '';
  if (title !== '') return title;
  if (!GENERATED.test(target.name)) return target.name;
  return firstUse ?? target.name;
}

/** The last property name on a path of tokens (`tree` in properties/tree/items), if any. */
export function lastPropertyName(tokens: readonly string[]): string | undefined {
  for (let i = tokens.length - 1; i > 0; i--) if (tokens[i - 1] === 'properties') return tokens[i];
  return undefined;
}
