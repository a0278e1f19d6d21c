import { isRecord } from './rule-view.js';
import { code, plain } from './markdown.js';

/**
 * Plain-words rendering of the rules that are not keyword lists (references, objects, nulls,
 * root, limits...). Unknown values are shown as they are rather than hidden, so a new option in
 * the rule format still reaches the page.
 */
export function structureText(action: string, value: unknown): string {
  switch (action) {
    case 'references':
      return referencesText(value);
    case 'booleanSchemas':
      return value === 'as-objects' ? '`true` and `false` subschemas are spelled as objects (`{}`, `{"not": {}}`).' : `Boolean subschemas: ${plain(value)}.`;
    case 'nulls':
      return `"Or null" is spelled ${{ 'type-array': 'as a type array (`["string", "null"]`)', 'any-of': 'as `anyOf` with `{"type": "null"}`', 'nullable-flag': 'with `nullable: true`' }[String(value)] ?? plain(value)}.`;
    case 'typeArrays':
      return value === 'any-of' ? 'A type array with several non-null types becomes `anyOf`.' : `Type arrays: ${plain(value)}.`;
    case 'allOf':
      if (value === 'merge') return '`allOf` branches are merged into their parent when no keyword conflicts; otherwise dropped with a sentence.';
      if (value === 'merge-deep') return '`allOf` branches are merged into their parent when no keyword conflicts, a property two branches declare merged in turn; otherwise dropped with a sentence.';
      return `\`allOf\`: ${plain(value)}.`;
    case 'constAsEnum':
      return value === true ? '`const: x` is spelled `enum: [x]`.' : `\`const\` as enum: ${plain(value)}.`;
    case 'objects':
      return objectsText(value);
    case 'root':
      return rootText(value);
    case 'propertyNames':
      return isRecord(value) && typeof value.pattern === 'string'
        ? `Property names must match \`${value.pattern}\`; a name that does not is reported, never renamed (renaming would change what the caller sends).`
        : `Property names: ${plain(value)}.`;
    case 'limits':
      return limitsText(value);
    case 'anyValue':
      return anyValueText(value);
    default:
      return `${action}: ${plain(value)}`;
  }
}

function referencesText(v: unknown): string {
  if (!isRecord(v)) return `References: ${plain(v)}.`;
  const parts: string[] = [];
  if (v.mode === 'inline') parts.push('every `$ref` is inlined (no references in the output)');
  else if (v.mode === 'keep') {
    const kw = typeof v.refKeyword === 'string' ? v.refKeyword : '$ref';
    const prefix = typeof v.refPrefix === 'string' ? v.refPrefix : '#/$defs/';
    const defs = typeof v.definitionsKeyword === 'string' ? v.definitionsKeyword : '$defs';
    parts.push(`references are kept, spelled \`${kw}: "${prefix}Name"\` with definitions under \`${defs}\`; a pointer into a non-definition is lifted into a definition`);
  } else if (v.mode !== undefined) parts.push(`mode ${plain(v.mode)}`);
  if (v.cycles === 'break') parts.push('a cycle is broken where it re-enters, into a titled object of type object carrying the recursion sentence');
  else if (v.cycles === 'keep') parts.push('recursion is kept');
  if (v.siblings === 'wrap-anyof') parts.push('keywords beside a `$ref` are kept by wrapping the pair');
  else if (v.siblings === 'merge') parts.push('keywords beside a `$ref` are merged into the referenced schema');
  else if (v.siblings === 'keep') parts.push('keywords beside a `$ref` stay beside it');
  // The default (keep) is what every dialect did before the setting existed: only its opposite is news.
  if (v.mode === 'keep' && v.unreferenced === 'drop') parts.push('a root definition no reference reaches is left out and named in an info (`definition-unreferenced`)');
  for (const [k, val] of Object.entries(v)) {
    if (!['mode', 'cycles', 'siblings', 'refKeyword', 'refPrefix', 'definitionsKeyword', 'unreferenced'].includes(k)) parts.push(`${k}: ${plain(val)}`);
  }
  return capitalize(parts.join('; ')) + '.';
}

function objectsText(v: unknown): string {
  if (!isRecord(v)) return `Objects: ${plain(v)}.`;
  const parts: string[] = [];
  if (v.closed === 'all') parts.push('every object is closed (`additionalProperties: false`)');
  else if (v.closed === 'never') parts.push('objects are never closed (a closure is dropped with its sentence)');
  else if (v.closed === 'as-authored') parts.push('objects are closed only where the author closed them');
  if (v.optional === 'required-nullable') parts.push('every property is listed in `required`; one the canonical schema leaves optional becomes nullable, and the caller sends `null` for it');
  else if (v.optional === 'keep') parts.push('optional properties stay optional');
  if (v.maps === 'close-and-report') parts.push('a map (`additionalProperties` with a schema) is closed and reported, its value rule written into the description: its keys cannot be spelled, though the server still accepts them');
  else if (v.maps === 'keep') parts.push('maps (`additionalProperties` with a schema) are kept');
  for (const [k, val] of Object.entries(v)) if (!['closed', 'optional', 'maps'].includes(k)) parts.push(`${k}: ${plain(val)}`);
  return capitalize(parts.join('; ')) + '.';
}

function rootText(v: unknown): string {
  if (!isRecord(v)) return `Root: ${plain(v)}.`;
  const parts: string[] = [];
  if (typeof v.type === 'string') parts.push(`the root must be of type \`${v.type}\``);
  if (v.unions === 'forbid') parts.push('no union (`anyOf`/`oneOf`) at the root: one there is reported as an error');
  else if (v.unions === 'merge-objects') parts.push('no union (`anyOf`/`oneOf`) at the root: a union of object shapes is spelled as one object with the properties of all of them (required only where every branch requires them), with the `root-union` sentence and a warning; any other union is an error');
  if (Array.isArray(v.keywords)) parts.push(`the root carries only ${v.keywords.map((k) => `\`${String(k)}\``).join(', ')}`);
  for (const [k, val] of Object.entries(v)) if (!['type', 'unions', 'keywords'].includes(k)) parts.push(`${k}: ${plain(val)}`);
  return capitalize(parts.join('; ')) + '.';
}

const LIMIT_WORDS: Record<string, string> = {
  properties: 'properties in one schema, in total',
  depth: 'levels of nesting',
  enumValues: 'enum values in total',
  totalStringLength: 'characters of property names, enum values and consts in total',
  optionalProperties: 'optional properties',
  unionProperties: 'properties with a union type',
};

export function limitRows(v: unknown): [string, string][] {
  if (!isRecord(v)) return [];
  const rows: [string, string][] = [];
  for (const [k, val] of Object.entries(v)) {
    if (k === 'largeEnum' && isRecord(val)) rows.push([`a string enum above ${plain(val.over)} values`, `at most ${plain(val.maxChars)} characters`]);
    else rows.push([LIMIT_WORDS[k] ?? k, `at most ${plain(val)}`]);
  }
  return rows;
}

function limitsText(v: unknown): string {
  const rows = limitRows(v);
  if (rows.length === 0) return `Limits: ${plain(v)}.`;
  return `Vendor limits, checked and reported (never enforced by cutting): ${rows.map(([what, n]) => `${n} ${what}`).join('; ')}.`;
}

function capitalize(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

function anyValueText(v: unknown): string {
  if (!isRecord(v)) return `A schema that says nothing of its type: ${plain(v)}.`;
  const parts = ['a schema that says nothing of its type gets the type its keywords imply (`properties`: object, `items`: array; in an `anyOf`/`oneOf` branch, the parent\'s single type)'];
  if (v.inferFromEnum === true) parts.push('a typeless `enum` or `const` gets the type its values share');
  parts.push(`otherwise it is spelled ${code(JSON.stringify(v.spell ?? {}))} with the \`any-value\` sentence`);
  if (v.fillItems === true) parts.push('an array with no `items` gets that spelling as its items');
  return capitalize(parts.join('; ')) + '.';
}
