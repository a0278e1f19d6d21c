// Issue 11 part 4, the proof that every narrowing is reported. For one schema and one dialect:
// documents the canonical schema accepts are encoded as that dialect's caller sends them, then
// validated against the spelled schema; each one the spelling refuses must sit under a narrowing
// warning of the conversion.
//
// "Sits under", defined (docs/dialects/decisions.md, "Narrowings"): an Ajv error of the spelled
// schema names an instance location (instancePath). That location is read through the CANONICAL
// schema, token by token, into the set of canonical schema locations that govern it: at an object,
// `properties/<name>`, each `patternProperties/<p>` whose pattern matches, else
// `additionalProperties`; at an array, `prefixItems/<i>` (draft-07: `items/<i>`), else `items`
// (draft-07: `additionalItems`); and at every location, also its `$ref` target, every `allOf`,
// `anyOf`, `oneOf` branch, `if`/`then`/`else` and `dependentSchemas` entry, followed transitively.
// Where the canonical schema has no subschema for a token (an undeclared property of an open
// object), the locations of the nearest ancestor stand for it. The document is covered when one
// error's locations include one at or below (pointer prefix, by whole tokens) the path of a
// narrowing diagnostic of the conversion.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { convert, escapeToken, type Diagnostic, type Dialect } from '@redouble/dialects';
import { encodeNulls } from '../../../mcp/src/encode-nulls.js';
import { proposeDocuments } from '../../../../scripts/realistic-documents.mjs';
import { isObject, resolvePointer } from '../properties/json-tools.js';

/** The diagnostics that say the spelled schema refuses something the canonical schema accepts. */
export const NARROWING_CODES: ReadonlySet<string> = new Set(['map-closed', 'object-closed', 'items-narrowed', 'any-value-narrowed', 'type-implied', 'recursion-cut', 'root-narrowed', 'type-spelling', 'rule-lost']);

type AnyAjv = Ajv | Ajv2020;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: AnyAjv) => AnyAjv;
const DRAFT07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

const ajvs = new Map<boolean, AnyAjv>();
function compile(schema: unknown): ValidateFunction | undefined {
  const draft07 = isObject(schema) && typeof schema.$schema === 'string' && DRAFT07.test(schema.$schema);
  let ajv = ajvs.get(draft07);
  if (!ajv) {
    const options = { strict: false, logger: false as const, ownProperties: true, allErrors: true };
    ajv = draft07 ? new Ajv(options) : new Ajv2020(options);
    addFormats(ajv);
    ajvs.set(draft07, ajv);
  }
  const own = structuredClone(schema) as object | boolean;
  try {
    return ajv.compile(own);
  } catch {
    return undefined;
  } finally {
    if (typeof own === 'object') ajv.removeSchema(own);
  }
}

// --- the spelled schema read as standard JSON Schema, from the dialect's own rules ---------------

const SCHEMA_KEYS = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);

/**
 * A dialect's output as JSON Schema 2020-12: its reference and definitions keywords renamed back
 * to `$ref`/`$defs`, and a nullable flag read as "or null" (null beside whatever the node accepts).
 */
export function readSpelling(spelled: unknown, dialect: Dialect): unknown {
  const refs = dialect.resolved.rules.find((r) => r.references)?.references;
  const refKeyword = refs?.refKeyword ?? '$ref';
  const defsKeyword = refs?.definitionsKeyword ?? '$defs';
  const refPrefix = refs?.refPrefix ?? '#/$defs/';
  const nullableFlag = dialect.resolved.rules.some((r) => r.nulls === 'nullable-flag');
  const schema = (node: unknown): unknown => {
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    let nullable = false;
    for (const [k, v] of Object.entries(node)) {
      if (k === refKeyword && typeof v === 'string') out.$ref = v.startsWith(refPrefix) ? `#/$defs/${v.slice(refPrefix.length)}` : v;
      else if (k === defsKeyword && isObject(v)) out.$defs = map(v);
      else if (nullableFlag && k === 'nullable') nullable = v === true;
      else if (SCHEMA_KEYS.has(k)) out[k] = schema(v);
      else if (SCHEMA_LISTS.has(k) && Array.isArray(v)) out[k] = v.map(schema);
      else if (SCHEMA_MAPS.has(k) && isObject(v)) out[k] = map(v);
      else out[k] = v;
    }
    if (!nullable) return out;
    const { $defs, ...rest } = out;
    return { anyOf: [rest, { type: 'null' }], ...($defs === undefined ? {} : { $defs }) };
  };
  const map = (m: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, schema(v)]));
  return schema(spelled);
}

// --- instance locations read through the canonical schema ----------------------------------------

type Place = [pointer: string, node: unknown];

/** The place itself and every place that applies with it (references, compositions), transitively. */
function applying(root: unknown, start: Place[]): Place[] {
  const out: Place[] = [];
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const [p, n] = stack.pop() as Place;
    if (seen.has(p)) continue;
    seen.add(p);
    out.push([p, n]);
    if (!isObject(n)) continue;
    if (typeof n.$ref === 'string' && n.$ref.startsWith('#')) {
      const target = resolvePointer(root, n.$ref);
      if (target !== undefined) {
        let fragment = n.$ref.slice(1);
        try {
          fragment = decodeURIComponent(fragment);
        } catch {
          /* resolvePointer refused it already */
        }
        stack.push([fragment, target]);
      }
    }
    for (const k of ['allOf', 'anyOf', 'oneOf']) {
      const list = n[k];
      if (Array.isArray(list)) list.forEach((b, i) => stack.push([`${p}/${k}/${i}`, b]));
    }
    for (const k of ['if', 'then', 'else']) if (n[k] !== undefined) stack.push([`${p}/${k}`, n[k]]);
    if (isObject(n.dependentSchemas)) for (const [k, v] of Object.entries(n.dependentSchemas)) stack.push([`${p}/dependentSchemas/${escapeToken(k)}`, v]);
  }
  return out;
}

/** The places of the canonical schema one token further down the instance. */
function childPlaces(places: Place[], token: string): Place[] {
  const next: Place[] = [];
  const index = /^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : undefined;
  for (const [p, n] of places) {
    if (!isObject(n)) continue;
    let named = false;
    if (isObject(n.properties) && Object.prototype.hasOwnProperty.call(n.properties, token)) {
      next.push([`${p}/properties/${escapeToken(token)}`, n.properties[token]]);
      named = true;
    }
    if (isObject(n.patternProperties)) {
      for (const [pattern, v] of Object.entries(n.patternProperties)) {
        let hit = false;
        try {
          hit = new RegExp(pattern, 'u').test(token);
        } catch {
          hit = false;
        }
        if (hit) {
          next.push([`${p}/patternProperties/${escapeToken(pattern)}`, v]);
          named = true;
        }
      }
    }
    if (!named && n.additionalProperties !== undefined) next.push([`${p}/additionalProperties`, n.additionalProperties]);
    if (index !== undefined) {
      const prefix = Array.isArray(n.prefixItems) ? ['prefixItems', n.prefixItems] : Array.isArray(n.items) ? ['items', n.items] : undefined;
      if (prefix && index < (prefix[1] as unknown[]).length) next.push([`${p}/${prefix[0] as string}/${index}`, (prefix[1] as unknown[])[index]]);
      else if (Array.isArray(n.items) && n.additionalItems !== undefined) next.push([`${p}/additionalItems`, n.additionalItems]);
      else if (!Array.isArray(n.items) && n.items !== undefined) next.push([`${p}/items`, n.items]);
    }
  }
  return next;
}

/** The canonical schema locations that govern the instance at `instancePath` (see the top of the file). */
export function canonicalLocations(root: unknown, instancePath: string): string[] {
  let places = applying(root, [['', root]]);
  const tokens = instancePath === '' ? [] : instancePath.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const token of tokens) {
    const next = applying(root, childPlaces(places, token));
    if (next.length === 0) break;
    places = next;
  }
  return places.map(([p]) => p);
}

const atOrBelow = (location: string, pointer: string): boolean => pointer === '' || location === pointer || location.startsWith(`${pointer}/`);

/** A closure narrows the properties its own object accepts, nothing below them. */
const CLOSURES: ReadonlySet<string> = new Set(['object-closed', 'map-closed']);

/** Whether one Ajv error of the spelled schema sits under one of the narrowing diagnostics. */
export function coveredBy(canonical: unknown, error: Pick<ErrorObject, 'instancePath' | 'keyword'>, narrowings: readonly Diagnostic[]): boolean {
  const locations = canonicalLocations(canonical, error.instancePath);
  return narrowings.some((d) => (CLOSURES.has(d.code) ? error.keyword === 'additionalProperties' && locations.includes(d.path) : locations.some((loc) => atOrBelow(loc, d.path))));
}

// --- the proof for one schema and one dialect ------------------------------------------------------

export interface Unreported {
  dialect: string;
  document: unknown;
  sent: unknown;
  errors: Pick<ErrorObject, 'instancePath' | 'schemaPath' | 'message'>[];
}

export interface ProofOutcome {
  /** documents the canonical schema accepts, checked against the spelling */
  documents: number;
  /** documents the spelling refuses, with a narrowing reported where they are refused */
  reported: number;
  unreported: Unreported[];
  /** why nothing was checked: the canonical or the spelled schema does not compile, or the dialect refused it */
  skipped?: string;
}

/** The verdict, or undefined where Ajv cannot decide (a reference cycle with no way out overflows the stack). */
function accepts(validate: ValidateFunction, value: unknown): boolean | undefined {
  try {
    return validate(value) === true;
  } catch {
    return undefined;
  }
}

/** Canonical-valid documents for one schema (seeded, so every run checks the same ones). */
export function validDocuments(schema: unknown, seed: number, count: number): unknown[] | undefined {
  const canonical = compile(schema);
  if (!canonical) return undefined;
  let proposed: unknown[];
  try {
    proposed = proposeDocuments(schema, seed, count, { wide: true });
  } catch {
    return [];
  }
  return proposed.filter((d) => accepts(canonical, d) === true);
}

/** Every accepted document the spelling of `schema` in `dialect` refuses, and whether a narrowing says so. */
export function proveNarrowings(schema: unknown, dialect: Dialect, documents: readonly unknown[], codes: ReadonlySet<string> = NARROWING_CODES): ProofOutcome {
  const r = convert(schema, dialect);
  if (r.output === undefined || r.diagnostics.some((d) => d.code === 'root-not-object' || d.code === 'invalid-schema')) return { documents: 0, reported: 0, unreported: [], skipped: 'refused by the dialect' };
  const spelled = compile(readSpelling(r.output, dialect));
  if (!spelled) return { documents: 0, reported: 0, unreported: [], skipped: 'the spelled schema does not compile' };
  const narrowings = r.diagnostics.filter((d: Diagnostic) => codes.has(d.code) && d.severity === 'warning');
  const outcome: ProofOutcome = { documents: documents.length, reported: 0, unreported: [] };
  for (const document of documents) {
    const sent = dialect.decodesNulls ? encodeNulls(document, r.output) : document;
    const verdict = accepts(spelled, sent);
    if (verdict === undefined) {
      outcome.documents--;
      continue;
    }
    if (verdict) continue;
    const errors = spelled.errors ?? [];
    const covered = errors.some((e) => coveredBy(schema, e, narrowings));
    if (covered) outcome.reported++;
    else outcome.unreported.push({ dialect: dialect.id, document, sent, errors: errors.map(({ instancePath, schemaPath, message }) => ({ instancePath, schemaPath, message })) });
  }
  return outcome;
}
