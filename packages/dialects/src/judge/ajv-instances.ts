/**
 * The judge's Ajv instances: one per draft and own-properties mode, shared by every judge in the process,
 * because creating an instance (meta-schema compile, formats) costs far more than compiling one
 * tool schema. Ajv2020 reads 2020-12 (and schemas without `$schema`); the classic class reads
 * draft-07: the two cannot share one instance.
 */
import { ajvModules, type AnyAjv } from '../ajv-modules.js';
import type { Draft } from './draft.js';
import { exactMultipleOf, finiteLimits } from './number-keywords.js';
import { makePatternEngine } from './safe-regexp.js';

export type { AnyAjv } from '../ajv-modules.js';

function create(draft: Draft, ownProperties: boolean): AnyAjv {
  const { Ajv, Ajv2020, addFormats } = ajvModules();
  const options = {
    // All violations at once: a model fixes every problem in one retry.
    allErrors: true,
    // Unknown keywords (x-mcp-header and other annotations) and unknown formats (int64, uint, ...)
    // are annotations in a tool schema: accepted, never refused.
    strict: false,
    logger: false as const,
    // Without this, Ajv's generated code reads `data.constructor`, `data.toString`, ... through the
    // prototype: a schema naming such a property would judge a value nobody sent. It costs about a
    // third of the validation time, so only schemas that name one get it (namesPrototypeKeys).
    ownProperties,
    code: { regExp: makePatternEngine() },
    // `strict: false` would also turn this off: NaN and Infinity (JSON.parse reads 1e400 as
    // Infinity) are then not numbers, so `type: number` and `type: integer` refuse them.
    strictNumbers: true,
  };
  const ajv = draft === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  // number-keywords.ts: exact decimal multipleOf (0.07 is a multiple of 0.01), and limits that
  // refuse a non-finite number rather than skip it.
  for (const def of [exactMultipleOf(), finiteLimits()]) {
    for (const k of Array.isArray(def.keyword) ? def.keyword : [def.keyword]) ajv.removeKeyword(k);
    ajv.addKeyword(def);
  }
  return ajv;
}

const instances = new Map<string, AnyAjv>();

/** An instance of its own, for a schema that cannot share one (an `$id` already in use there). */
export function privateAjv(draft: Draft, ownProperties: boolean): AnyAjv {
  return create(draft, ownProperties);
}

export function sharedAjv(draft: Draft, ownProperties: boolean): AnyAjv {
  const key = `${draft}|${ownProperties}`;
  let ajv = instances.get(key);
  if (!ajv) instances.set(key, (ajv = create(draft, ownProperties)));
  return ajv;
}

/**
 * Whether a schema mentions a name that plain objects inherit (`constructor`, `toString`,
 * `__proto__`, ...) as a key or a string in a list: then it must be judged on own properties only.
 * Over-approximates (an enum value "toString" counts), which only costs speed.
 */
export function namesPrototypeKeys(schema: unknown, depth = 0): boolean {
  if (schema === null || typeof schema !== 'object' || depth > 512) return false;
  if (Array.isArray(schema)) return schema.some((v) => (typeof v === 'string' ? v in Object.prototype : namesPrototypeKeys(v, depth + 1)));
  for (const key of Object.keys(schema)) {
    if (key in Object.prototype) return true;
    if (namesPrototypeKeys((schema as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

let nextKey = 0;
/** A private URI under which a compiled schema is registered, so its subschemas can be compiled in place. */
export function privateSchemaKey(): string {
  return `urn:redouble:judge:${nextKey++}`;
}
