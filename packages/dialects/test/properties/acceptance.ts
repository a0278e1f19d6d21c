// Acceptance as Ajv sees it: compile a schema in its own draft and return its verdict function.
// Independent of the engine's judge, so the comparison does not lean on the code under test.
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { convert, type Dialect } from '@redouble/dialects';
import { isObject, resolvePointer } from './json-tools.js';

type AnyAjv = Ajv | Ajv2020;
// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: AnyAjv) => AnyAjv;

const DRAFT07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

function fresh(draft07: boolean): AnyAjv {
  // ownProperties: names such as `constructor` must not be read through the prototype
  const options = { strict: false, logger: false as const, ownProperties: true };
  const ajv = draft07 ? new Ajv(options) : new Ajv2020(options);
  addFormats(ajv);
  return ajv;
}

// One instance per draft (creating one compiles the meta-schemas, far dearer than a tool schema).
const instances = new Map<boolean, AnyAjv>();

export function compileVerdict(schema: unknown): (value: unknown) => boolean {
  const draft07 = isObject(schema) && typeof schema.$schema === 'string' && DRAFT07.test(schema.$schema);
  let ajv = instances.get(draft07);
  if (!ajv) instances.set(draft07, (ajv = fresh(draft07)));
  // a private copy, dropped from the cache at once: compiled schemas would otherwise pile up
  const own = structuredClone(schema) as object | boolean;
  const validate = ajv.compile(own);
  if (typeof own === 'object') ajv.removeSchema(own);
  return (value) => validate(value) === true;
}

/**
 * True when resolving the schema's local references would never end: a reference reached again
 * while it is being expanded. Such schemas lose depth in a dialect that breaks cycles.
 */
export function hasReferenceCycle(root: unknown): boolean {
  const done = new Set<unknown>();
  const active = new Set<unknown>();
  const visit = (node: unknown): boolean => {
    if (node === null || typeof node !== 'object') return false;
    if (active.has(node)) return true;
    if (done.has(node)) return false;
    active.add(node);
    const children: unknown[] = Object.values(node);
    if (isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#')) children.push(resolvePointer(root, node.$ref));
    for (const c of children) if (visit(c)) return true;
    active.delete(node);
    done.add(node);
    return false;
  };
  return visit(root);
}

/** True when a `$ref` leaves the document (never fetched, so no dialect can keep its meaning). */
export function hasExternalRef(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (isObject(v) && typeof v.$ref === 'string' && !v.$ref.startsWith('#')) return true;
    stack.push(...Object.values(v));
  }
  return false;
}

export interface Outcome {
  /** false when there was nothing to compare: the input is no valid schema, or the dialect refused it */
  compared: boolean;
  disagreements: string[];
}

/** The verdicts of the canonical schema and of its spelling in `dialect`, value by value. */
export function compareAcceptance(schema: unknown, dialect: Dialect, instances: readonly unknown[]): Outcome {
  let before: (v: unknown) => boolean;
  try {
    before = compileVerdict(schema);
  } catch {
    // not a valid schema to begin with (a draft-04 spelling in the corpus): nothing to preserve
    return { compared: false, disagreements: [] };
  }
  const r = convert(schema, dialect);
  if (!r.ok || r.output === undefined) return { compared: false, disagreements: [] };
  // A narrowing the dialect reports itself (an any-value root spelled as an object) is not silent.
  if (r.diagnostics.some((d) => d.code === 'root-narrowed' && d.path === '')) return { compared: false, disagreements: [] };
  const after = compileVerdict(r.output);
  const disagreements: string[] = [];
  for (const v of instances) {
    const a = before(v);
    const b = after(v);
    if (a !== b) disagreements.push(`${JSON.stringify(v)}: canonical ${a ? 'accepts' : 'refuses'}, ${dialect.id} ${b ? 'accepts' : 'refuses'}; output ${JSON.stringify(r.output)}`);
  }
  return { compared: true, disagreements };
}
