// A bounded generator of JSON Schemas (2020-12, and draft-07 spellings of the same shapes) and a
// generator of instances steered by a schema, so that acceptance can be compared on values that
// sit on both sides of each rule.
import fc from 'fast-check';
import { isObject, resolvePointer, type Json } from './json-tools.js';

type Schema = Json;
export type RefMode = 'none' | 'acyclic' | 'recursive';

export interface SchemaOptions {
  refs: RefMode;
  /** Nesting budget of compound keywords below the root. */
  depth?: number;
}

/** Property names that exercise JSON-pointer escaping and non-ASCII, but no prototype names. */
const NAMES = ['a', 'b', 'id', 'x y', 'a/b', 'm~n', 'é'];
const DESCRIPTIONS = ['The author wrote this.', 'Größe in cm; ~ and / inside.', 'Line one.\nLine two.', 'x'];
const FORMATS = ['date', 'date-time', 'email', 'uri', 'uuid', 'ipv4', 'hostname', 'time'];
const PATTERNS = ['^[a-z]+$', '^a', 'b$', '^[0-9]{2,4}$', '.', '^[A-Z][a-z]*$'];
const SCALARS: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>('a', 'b', 'red', '', 0, 1, -2, 2.5, true, false, null, { a: 1 }, [1, 'x']),
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -10, max: 10 }),
);

/** Annotations and meta keywords no rule of acceptance reads. */
const ANNOTATIONS: fc.Arbitrary<Record<string, Json>> = fc.constantFrom<Record<string, Json>>(
  {},
  {},
  {},
  { title: 'A title' },
  { default: 'x' },
  { examples: [1, 'two'] },
  { deprecated: true },
  { $comment: 'for maintainers' },
);

function withDescription(arb: fc.Arbitrary<Record<string, Json>>): fc.Arbitrary<Schema> {
  return fc
    .tuple(arb, fc.option(fc.constantFrom(...DESCRIPTIONS), { nil: undefined }), ANNOTATIONS)
    .map(([s, d, a]) => (d === undefined ? { ...s, ...a } : { ...s, description: d, ...a }));
}

/** Drops the keys whose generated value is undefined, keeping the generated key order. */
function compact(o: Record<string, Json | undefined>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 2 });

function stringSchema(): fc.Arbitrary<Schema> {
  return withDescription(
    fc
      .record({
        minLength: opt(fc.integer({ min: 0, max: 3 })),
        maxLength: opt(fc.integer({ min: 0, max: 8 })),
        pattern: opt(fc.constantFrom(...PATTERNS)),
        format: opt(fc.constantFrom(...FORMATS)),
      })
      .map((r) => ({ type: 'string', ...compact(r) })),
  );
}

function numberSchema(): fc.Arbitrary<Schema> {
  return withDescription(
    fc
      .record({
        type: fc.constantFrom('integer', 'number'),
        minimum: opt(fc.integer({ min: -5, max: 5 })),
        maximum: opt(fc.integer({ min: 0, max: 12 })),
        exclusiveMinimum: opt(fc.integer({ min: -5, max: 5 })),
        exclusiveMaximum: opt(fc.integer({ min: 0, max: 12 })),
        multipleOf: opt(fc.constantFrom(1, 2, 0.5)),
      })
      .map((r) => compact(r)),
  );
}

function leaf(targets: readonly string[]): fc.Arbitrary<Schema> {
  const options: fc.Arbitrary<Schema>[] = [
    stringSchema(),
    numberSchema(),
    withDescription(fc.constantFrom<Record<string, Json>>({ type: 'boolean' }, { type: 'null' }, { type: ['string', 'null'] }, { type: ['integer', 'string'] }, {})),
    withDescription(fc.uniqueArray(SCALARS, { minLength: 1, maxLength: 4, selector: (v) => JSON.stringify(v) }).map((e) => ({ enum: e }))),
    withDescription(SCALARS.map((c) => ({ const: c }))),
    fc.boolean(),
  ];
  if (targets.length > 0) {
    const ref = fc.constantFrom(...targets);
    options.push(ref.map((t) => ({ $ref: t })));
    options.push(withDescription(ref.map((t) => ({ $ref: t }))));
  }
  return fc.oneof(...options);
}

function node(targets: readonly string[], depth: number): fc.Arbitrary<Schema> {
  if (depth <= 0) return leaf(targets);
  const child = node(targets, depth - 1);
  const objectSchema = withDescription(
    fc
      .record({
        props: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 }),
        values: fc.array(child, { minLength: 3, maxLength: 3 }),
        required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 }),
        additional: opt(fc.oneof(fc.boolean(), child)),
        minProperties: opt(fc.integer({ min: 0, max: 2 })),
        patternProperties: opt(child.map((c) => ({ '^x': c }))),
        dependentRequired: opt(fc.constantFrom<Json>({ a: ['b'] }, { id: ['a', 'x y'] })),
        propertyNames: opt(fc.constantFrom<Json>({ maxLength: 3 }, { pattern: '^[a-z]' })),
      })
      .map(({ props, values, required, additional, minProperties, patternProperties, dependentRequired, propertyNames }) => {
        const properties: Record<string, Json> = {};
        props.forEach((p, i) => (properties[p] = values[i] as Json));
        return compact({ type: 'object', properties, required: required.length > 0 ? required : undefined, additionalProperties: additional, minProperties, patternProperties, dependentRequired, propertyNames });
      }),
  );
  const arraySchema = withDescription(
    fc
      .record({
        items: opt(fc.oneof(child, fc.boolean())),
        prefixItems: opt(fc.array(child, { minLength: 1, maxLength: 2 })),
        minItems: opt(fc.integer({ min: 0, max: 2 })),
        maxItems: opt(fc.integer({ min: 1, max: 4 })),
        uniqueItems: opt(fc.boolean()),
        contains: opt(child),
        minContains: opt(fc.integer({ min: 0, max: 2 })),
      })
      .map((r) => ({ type: 'array', ...compact(r) })),
  );
  const branches = fc.array(child, { minLength: 1, maxLength: 3 });
  const composite = withDescription(
    fc.oneof(
      branches.map((b) => ({ anyOf: b })),
      branches.map((b) => ({ oneOf: b })),
      branches.map((b) => ({ allOf: b })),
      child.map((n) => ({ not: n })),
      fc.tuple(child, opt(child), opt(child)).map(([i, t, e]) => compact({ if: i, then: t, else: e })),
    ),
  );
  return fc.oneof({ arbitrary: leaf(targets), weight: 2 }, { arbitrary: objectSchema, weight: 3 }, { arbitrary: arraySchema, weight: 2 }, { arbitrary: composite, weight: 2 });
}

/** A 2020-12 schema with optional `$defs` and references of the chosen kind. */
export function schemaArbitrary(options: SchemaOptions): fc.Arbitrary<Schema> {
  const depth = options.depth ?? 3;
  if (options.refs === 'none') return node([], depth);
  // `Node` is always an object holding `inner`, so a plain JSON pointer into it (not to a
  // definition) is a reference target too; the other names need ~ and percent escapes.
  const names = ['Node', 'Pair 50%', 'Leaf~1'];
  const pointer = (n: string) => `#/$defs/${n.replace(/~/g, '~0').replace(/\//g, '~1').replace(/%/g, '%25').replace(/ /g, '%20')}`;
  const targetsOf = (defs: readonly string[]) => defs.flatMap((n) => (n === 'Node' ? [pointer(n), `${pointer(n)}/properties/inner`] : [pointer(n)]));
  const wrap = (arb: fc.Arbitrary<Schema>, i: number) => (i === 0 ? arb.map((inner): Schema => ({ type: 'object', properties: { inner } })) : arb);
  const defArbs =
    options.refs === 'acyclic'
      ? names.map((_, i) => wrap(node(targetsOf(names.slice(0, i)), depth - 1), i))
      : names.map((_, i) => wrap(node([...targetsOf(names), '#'], depth - 1), i));
  const rootTargets = options.refs === 'acyclic' ? targetsOf(names) : [...targetsOf(names), '#'];
  return fc.tuple(node(rootTargets, depth), fc.tuple(...defArbs), fc.integer({ min: 1, max: names.length })).map(([root, defs, count]): Schema => {
    const $defs: Record<string, Json> = {};
    // Definitions that are referenced must exist; keep the first `count` and every one a ref names.
    const text = JSON.stringify([root, defs]);
    names.forEach((n, i) => {
      if (i < count || text.includes(pointer(n))) $defs[n] = defs[i] as Json;
    });
    if (options.refs === 'acyclic') {
      // A definition may name an earlier one only; keep earlier ones whenever a later one is kept.
      for (let i = names.length - 1; i > 0; i--) if ((names[i] as string) in $defs) for (let j = 0; j < i; j++) $defs[names[j] as string] = defs[j] as Json;
    }
    if (root === true || root === false) return { allOf: [root], $defs };
    return { ...(root as Record<string, Json>), $defs };
  });
}

/** The same schema spelled in draft-07: `definitions`, array-form `items`, `additionalItems`. */
export function toDraft07(schema: Schema): Schema {
  const rec = (s: Json): Json => {
    if (Array.isArray(s)) return s.map(rec);
    if (!isObject(s)) return s;
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(s)) {
      if (k === '$defs') out.definitions = rec(v);
      else if (k === '$ref' && typeof v === 'string') out.$ref = v.replace('#/$defs/', '#/definitions/');
      else if (k === 'prefixItems') {
        out.items = rec(v);
        if ('items' in s) out.additionalItems = rec(s.items as Json);
      } else if (k === 'items' && 'prefixItems' in s) continue;
      else if (k === 'dependentRequired') out.dependencies = rec(v);
      else if (k === 'minContains' || k === 'maxContains') continue;
      else out[k] = rec(v);
    }
    // draft-07 ignores the siblings of $ref; keep only the description so both readings agree.
    if ('$ref' in out) for (const k of Object.keys(out)) if (k !== '$ref' && k !== 'description' && k !== 'definitions') delete out[k];
    return out;
  };
  const body = rec(schema);
  return isObject(body) ? { $schema: 'http://json-schema.org/draft-07/schema#', ...body } : body;
}

const FORMAT_SAMPLES = ['2024-02-29', '2024-02-30', '2024-01-02T03:04:05Z', 'a@b.co', 'not an email', 'https://x.org/a', 'rel/path', '123e4567-e89b-12d3-a456-426614174000', '10.0.0.1', '999.1.1.1', 'host.example', '12:30:00Z'];
const STRING_SAMPLES = ['abc', 'a', 'ab', 'b', 'Abc', '12', '12345', '', 'zzzzzzzzz', ...FORMAT_SAMPLES];

/**
 * Values steered by the schema: mostly ones built from its shape (so many are accepted), mixed with
 * arbitrary JSON (mostly refused). `root` resolves local references.
 */
export function instanceArbitrary(root: unknown, schema: unknown, depth = 4): fc.Arbitrary<unknown> {
  const anything = fc.jsonValue({ maxDepth: 2 });
  if (depth <= 0) return fc.oneof(fc.constantFrom<unknown>(null, 0, 'a', true, [], {}), anything);
  if (schema === true || schema === false || !isObject(schema)) return anything;
  if (typeof schema.$ref === 'string') {
    const target = resolvePointer(root, schema.$ref);
    return target === undefined ? anything : instanceArbitrary(root, target, depth - 1);
  }
  const parts: fc.Arbitrary<unknown>[] = [];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) parts.push(fc.constantFrom(...(schema.enum as unknown[])));
  if ('const' in schema) parts.push(fc.constant(schema.const));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const b of list) parts.push(instanceArbitrary(root, b, depth - 1));
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  for (const t of types) {
    if (t === 'string') parts.push(fc.oneof(fc.constantFrom(...STRING_SAMPLES), fc.string({ maxLength: 6 })));
    if (t === 'integer') parts.push(fc.integer({ min: -8, max: 14 }));
    if (t === 'number') parts.push(fc.oneof(fc.integer({ min: -8, max: 14 }), fc.constantFrom(0.5, 2.5, -1.25, 11.5)));
    if (t === 'boolean') parts.push(fc.boolean());
    if (t === 'null') parts.push(fc.constant(null));
    if (t === 'object') parts.push(objectInstance(root, schema, depth));
    if (t === 'array') parts.push(arrayInstance(root, schema, depth));
  }
  if (parts.length === 0) parts.push(objectInstance(root, schema, depth), arrayInstance(root, schema, depth));
  return fc.oneof({ arbitrary: fc.oneof(...parts), weight: 4 }, { arbitrary: anything, weight: 1 });
}

function objectInstance(root: unknown, schema: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
  const props = isObject(schema.properties) ? schema.properties : {};
  const entries = Object.keys(props).map((k) => fc.option(instanceArbitrary(root, props[k], depth - 1), { nil: undefined, freq: 4 }).map((v) => [k, v] as const));
  const extra = fc.option(fc.tuple(fc.constantFrom('zz', 'a', 'extra'), fc.jsonValue({ maxDepth: 1 })), { nil: undefined, freq: 3 });
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
    const o: Record<string, unknown> = {};
    for (const [k, v] of pairs) if (v !== undefined) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    if (more && !(more[0] in o)) o[more[0]] = more[1];
    return o;
  });
}

function arrayInstance(root: unknown, schema: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  return fc
    .tuple(fc.tuple(...prefix.map((p) => instanceArbitrary(root, p, depth - 1))), fc.array(instanceArbitrary(root, rest ?? true, depth - 1), { maxLength: 3 }), fc.nat({ max: prefix.length }))
    .map(([head, tail, cut]) => (tail.length === 0 ? head.slice(0, cut) : [...head, ...tail]));
}
