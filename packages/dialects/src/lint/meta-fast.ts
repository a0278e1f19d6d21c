/**
 * A quick yes for the meta-schema check (meta-check.ts): true only when every keyword that the
 * 2020-12 and draft-07 meta-schemas constrain holds a value of the plain, common shape both accept
 * (a string description, a type name, a non-negative integer bound, subschemas that pass the same
 * test, ...). Anything else answers false, and the full precompiled validator decides. Why: the
 * full validators are ~90 KB of generated code, so their first pass in a process costs more than
 * converting the schema, and every convert runs the check. Keywords neither meta-schema names are
 * not validated by them, so they are skipped here too.
 *
 * One table serves both drafts: where they differ, it asks for what both accept (an array `items`
 * or an `enum` with repeated values falls back to the full check). meta-fast.test.ts proves over
 * the corpus, JSON-Schema-Test-Suite and mutated schemas that a yes here is a yes from both
 * validators.
 *
 * After a no, `subschemasToCheck` narrows what the full validator must see to the subschemas that
 * hold the failures, so an invalid schema costs a validation of its bad parts, not of the whole.
 */
import type { SchemaDialect } from './dialect.js';
import { isTypelessNullable } from './typeless-nullable.js';
import { patternCompiles } from './pattern-check.js';

const enum K {
  Schema,
  SchemaMap,
  SchemaArray,
  String,
  Boolean,
  Number,
  PositiveNumber,
  Count,
  Type,
  Enum,
  Array,
  Any,
  StringArray,
  StringArrayMap,
  Dependencies,
  Id,
  Pattern,
  PatternMap,
  Fallback,
}

/** Every keyword either meta-schema defines, with the shape that passes here. */
const KEYWORDS: ReadonlyMap<string, K> = new Map<string, K>([
  // core
  ['$id', K.Id],
  ['$schema', K.String],
  ['$ref', K.String],
  ['$dynamicRef', K.String],
  ['$recursiveRef', K.String],
  ['$comment', K.String],
  ['$defs', K.SchemaMap],
  ['definitions', K.SchemaMap],
  // an anchor's pattern and a vocabulary's shape are rare enough to leave to the full check
  ['$anchor', K.Fallback],
  ['$dynamicAnchor', K.Fallback],
  ['$recursiveAnchor', K.Fallback],
  ['$vocabulary', K.Fallback],
  // applicator
  ['prefixItems', K.SchemaArray],
  ['items', K.Schema],
  ['additionalItems', K.Schema],
  ['contains', K.Schema],
  ['additionalProperties', K.Schema],
  ['properties', K.SchemaMap],
  ['patternProperties', K.PatternMap],
  ['dependentSchemas', K.SchemaMap],
  ['propertyNames', K.Schema],
  ['if', K.Schema],
  ['then', K.Schema],
  ['else', K.Schema],
  ['allOf', K.SchemaArray],
  ['anyOf', K.SchemaArray],
  ['oneOf', K.SchemaArray],
  ['not', K.Schema],
  ['unevaluatedItems', K.Schema],
  ['unevaluatedProperties', K.Schema],
  ['dependencies', K.Dependencies],
  // validation
  ['type', K.Type],
  ['const', K.Any],
  ['enum', K.Enum],
  ['multipleOf', K.PositiveNumber],
  ['maximum', K.Number],
  ['exclusiveMaximum', K.Number],
  ['minimum', K.Number],
  ['exclusiveMinimum', K.Number],
  ['maxLength', K.Count],
  ['minLength', K.Count],
  ['pattern', K.Pattern],
  ['maxItems', K.Count],
  ['minItems', K.Count],
  ['uniqueItems', K.Boolean],
  ['maxContains', K.Count],
  ['minContains', K.Count],
  ['maxProperties', K.Count],
  ['minProperties', K.Count],
  ['required', K.StringArray],
  ['dependentRequired', K.StringArrayMap],
  // meta-data, format, content
  ['title', K.String],
  ['description', K.String],
  ['default', K.Any],
  ['deprecated', K.Boolean],
  ['readOnly', K.Boolean],
  ['writeOnly', K.Boolean],
  ['examples', K.Array],
  ['format', K.String],
  ['contentEncoding', K.String],
  ['contentMediaType', K.String],
  ['contentSchema', K.Schema],
]);

const SIMPLE_TYPES: ReadonlySet<unknown> = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

/** The keywords the table covers (its test compares them with the meta-schemas' own lists). */
export const FAST_KEYWORDS: readonly string[] = [...KEYWORDS.keys()];

/** True when `schema` is plainly valid against both meta-schemas; false means "ask the full check". */
export function plainlyValid(schema: unknown): boolean {
  try {
    return schemaOk(schema, true);
  } catch {
    // Nesting past the stack: the full check decides (and reports) it.
    return false;
  }
}

/**
 * The subschemas the full validator must see after a no from plainlyValid, each with its tokens
 * inside `schema`: the smallest ones that hold every failure of the quick check and stand where
 * the draft's meta-schema applies itself directly (`$ref: "#"`, `$dynamicRef: "#meta"`). Validated
 * alone, such a subschema gets exactly the errors it gets in place, and a part that passes the quick
 * check gets none, so the errors of these parts are the errors of the whole (meta-fast.test.ts
 * proves it). Nesting past the stack gives the whole schema, for the full check to decide.
 */
export function subschemasToCheck(schema: unknown, draft: SchemaDialect): [unknown, string[]][] {
  const out: [unknown, string[]][] = [];
  try {
    locate(schema, [], out, DIRECT[draft]);
  } catch {
    return [[schema, []]];
  }
  return out;
}

/**
 * Positions where each draft's meta-schema applies itself to the value directly. Not here: what a
 * draft does not define (its meta-schema ignores it), and draft-07 `items` and `dependencies` of
 * either draft, which sit in an `anyOf` that adds errors of its own at the keyword.
 */
const DIRECT: Record<SchemaDialect, ReadonlySet<string>> = {
  '2020-12': new Set([
    '$defs', 'definitions', 'prefixItems', 'items', 'contains', 'additionalProperties', 'properties', 'patternProperties',
    'dependentSchemas', 'propertyNames', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not', 'unevaluatedItems',
    'unevaluatedProperties', 'contentSchema',
  ]),
  'draft-07': new Set([
    'definitions', 'additionalItems', 'contains', 'additionalProperties', 'properties', 'patternProperties', 'propertyNames',
    'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not',
  ]),
};

/** Adds to `out` the parts of `node` (at a direct position, at `tokens`) that the full check must see. */
function locate(node: unknown, tokens: string[], out: [unknown, string[]][], direct: ReadonlySet<string>): void {
  if (typeof node === 'boolean') return;
  if (!isObject(node)) {
    out.push([node, [...tokens]]);
    return;
  }
  const mark = out.length;
  let fails = false;
  for (const key in node) {
    const kind = KEYWORDS.get(key);
    if (kind === undefined) continue;
    const v = node[key];
    const descend = (kind === K.Schema || kind === K.SchemaMap || kind === K.SchemaArray) && direct.has(key);
    if (!descend) {
      if (!(CHECK_OF[kind] as (v: unknown) => boolean)(v)) fails = true;
    } else if (kind === K.Schema) {
      tokens.push(key);
      locate(v, tokens, out, direct);
      tokens.pop();
    } else if (kind === K.SchemaMap ? !isObject(v) : !Array.isArray(v) || v.length === 0) {
      // The container itself is wrong: a constraint of this node's meta-schema.
      fails = true;
    } else {
      const container = v as Record<string, unknown>;
      for (const name in container) {
        tokens.push(key, name);
        locate(container[name], tokens, out, direct);
        tokens.length -= 2;
      }
    }
  }
  // This node is checked whole, which covers the parts found below it.
  if (fails) {
    out.length = mark;
    out.push([node, [...tokens]]);
  }
}

type JsonType = 'string' | 'boolean' | 'array' | 'number' | 'integer';

const typed = (entries: [JsonType, string[]][]): ReadonlyMap<string, JsonType> =>
  new Map(entries.flatMap(([type, keys]) => keys.map((k) => [k, type] as [string, JsonType])));

/**
 * Per draft, the keywords whose meta-schema asks the value for one JSON type and, past that type,
 * only a format or a bound: a value of another JSON type gets one error there, `must be <type>`.
 * (draft-07 defines neither writeOnly nor deprecated.) A keyword left out is only slower: the full
 * validator words it.
 */
const TYPED: Record<SchemaDialect, ReadonlyMap<string, JsonType>> = {
  '2020-12': typed([
    ['string', ['$id', '$schema', '$ref', '$dynamicRef', '$recursiveRef', '$comment', 'title', 'description', 'pattern', 'format', 'contentEncoding', 'contentMediaType']],
    ['boolean', ['uniqueItems', 'deprecated', 'readOnly', 'writeOnly']],
    ['array', ['examples']],
    ['number', ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum']],
    ['integer', ['maxLength', 'minLength', 'maxItems', 'minItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties']],
  ]),
  'draft-07': typed([
    ['string', ['$id', '$schema', '$ref', '$comment', 'title', 'description', 'pattern', 'format', 'contentEncoding', 'contentMediaType']],
    ['boolean', ['uniqueItems', 'readOnly']],
    ['array', ['examples']],
    ['number', ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum']],
    ['integer', ['maxLength', 'minLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties']],
  ]),
};

/** Whether a JSON value is of the type, or of its family (any number for `integer`: a wrong number may break a bound too). */
function ofType(v: unknown, type: JsonType): boolean {
  if (type === 'array') return Array.isArray(v);
  return typeof v === (type === 'integer' ? 'number' : type);
}

/**
 * The full validator's finding for a subschema (from subschemasToCheck) that fails the quick check
 * at one keyword only, whose value is not of the JSON type the keyword's meta-schema asks for: Ajv
 * says `must be <type>` there and nothing else. Undefined for any other failure, which the full
 * validator words. Why: the first invalid schema in a process otherwise runs the generated
 * validator for the first time, compiling ~70 KB of code to say that a draft-04 boolean
 * `exclusiveMinimum` is not a number. meta-fast.test.ts proves the wording equal to the full
 * validator's over the same schemas as the quick yes.
 */
export function wrongTypeFinding(node: unknown, draft: SchemaDialect): { key: string; message: string } | undefined {
  if (!isObject(node)) return undefined;
  let failing: string | undefined;
  for (const key in node) {
    const kind = KEYWORDS.get(key);
    if (kind === undefined || (CHECK_OF[kind] as (v: unknown) => boolean)(node[key])) continue;
    if (failing !== undefined) return undefined;
    failing = key;
  }
  if (failing === undefined) return undefined;
  const type = TYPED[draft].get(failing);
  if (type === undefined || ofType(node[failing], type)) return undefined;
  return { key: failing, message: `must be ${type}` };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `root`: the document's own node, the one place a `$id` is taken here (see NESTED_CHECKS). */
function schemaOk(node: unknown, root = false): boolean {
  if (typeof node === 'boolean') return true;
  if (!isObject(node)) return false;
  // Valid for both meta-schemas, but no schema Ajv compiles: a no here lets convert's check
  // (checkSchemaDocument with `judged`) look for it, at no cost to the common yes.
  if (isTypelessNullable(node)) return false;
  const checks = root ? ROOT_CHECKS : NESTED_CHECKS;
  for (const key in node) {
    const check = checks.get(key);
    if (check !== undefined && !check(node[key])) return false;
  }
  return true;
}

/**
 * One small function per kind, looked up by keyword, rather than one switch over every kind.
 * Why: this check runs over every schema a process converts first, so it is optimized during
 * that first pass; a switch with each case's helpers inlined into it (and into the recursion)
 * made that optimizing compile cost more than running the check. The call through the table
 * reaches many functions, so it is not inlined: each is compiled small, alone, and only if hot.
 */
const CHECK_OF: Record<K, (v: unknown) => boolean> = {
  [K.Schema]: schemaOk,
  [K.SchemaMap]: schemaMapOk,
  [K.SchemaArray]: schemaArrayOk,
  [K.String]: (v) => typeof v === 'string',
  [K.Boolean]: (v) => typeof v === 'boolean',
  [K.Number]: (v) => typeof v === 'number' && Number.isFinite(v),
  [K.PositiveNumber]: (v) => typeof v === 'number' && Number.isFinite(v) && v > 0,
  [K.Count]: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0,
  [K.Type]: typeOk,
  // draft-07 asks for at least one value, none repeated; repeats are only ruled out here for scalars.
  [K.Enum]: (v) => Array.isArray(v) && v.length > 0 && allScalars(v) && distinct(v),
  [K.Array]: (v) => Array.isArray(v),
  [K.Any]: () => true,
  [K.StringArray]: stringArrayOk,
  [K.StringArrayMap]: stringArrayMapOk,
  [K.Dependencies]: dependenciesOk,
  [K.Id]: idOk,
  // Beyond the meta-schemas: a pattern the judge could not compile answers no, so the slow path reports it (pattern-check.ts).
  [K.Pattern]: (v) => typeof v === 'string' && patternCompiles(v),
  [K.PatternMap]: patternMapOk,
  [K.Fallback]: () => false,
};

const ROOT_CHECKS: ReadonlyMap<string, (v: unknown) => boolean> = new Map([...KEYWORDS].map(([key, kind]) => [key, CHECK_OF[kind]]));

/**
 * Below the root, a `$id` is an embedded resource or (draft-07) an anchor, whose name may repeat
 * one already declared, which the meta-schema cannot see: a no, so the thorough check looks
 * (meta-check.ts). Rare in tool schemas, so the quick yes loses nothing that matters.
 */
const NESTED_CHECKS: ReadonlyMap<string, (v: unknown) => boolean> = new Map([...ROOT_CHECKS].map(([key, check]) => [key, key === '$id' ? () => false : check]));

function schemaMapOk(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const k in v) if (!schemaOk(v[k])) return false;
  return true;
}

function patternMapOk(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const k in v) if (!patternCompiles(k) || !schemaOk(v[k])) return false;
  return true;
}

function schemaArrayOk(v: unknown): boolean {
  if (!Array.isArray(v) || v.length === 0) return false;
  for (let i = 0; i < v.length; i++) if (!schemaOk(v[i])) return false;
  return true;
}

function typeOk(v: unknown): boolean {
  if (typeof v === 'string') return SIMPLE_TYPES.has(v);
  return Array.isArray(v) && v.length > 0 && allSimpleTypes(v) && distinct(v);
}

function stringArrayMapOk(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const k in v) if (!stringArrayOk(v[k])) return false;
  return true;
}

function dependenciesOk(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const k in v) if (!(Array.isArray(v[k]) ? stringArrayOk(v[k]) : schemaOk(v[k]))) return false;
  return true;
}

/** 2020-12: a URI reference with no fragment but an empty one. */
function idOk(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const hash = v.indexOf('#');
  return hash === -1 || hash === v.length - 1;
}

// Loops rather than every() with a closure: these checks run for every keyword of every schema, so they
// are optimized during a process's first conversions, and inlined closures made that compile dear.
function allSimpleTypes(v: readonly unknown[]): boolean {
  for (let i = 0; i < v.length; i++) if (!SIMPLE_TYPES.has(v[i])) return false;
  return true;
}

function allScalars(v: readonly unknown[]): boolean {
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (x !== null && typeof x === 'object') return false;
  }
  return true;
}

function stringArrayOk(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return distinct(v);
}

/**
 * No two members the same (SameValueZero, as a Set counts them). Most lists are a few names long:
 * comparing pairs costs less than building a Set for each, and every convert runs this check.
 */
function distinct(v: readonly unknown[]): boolean {
  const n = v.length;
  if (n < 2) return true;
  if (n > 16) return new Set(v).size === n;
  for (let i = 1; i < n; i++) {
    const a = v[i];
    for (let j = 0; j < i; j++) {
      const b = v[j];
      if (a === b || (a !== a && b !== b)) return false;
    }
  }
  return true;
}
