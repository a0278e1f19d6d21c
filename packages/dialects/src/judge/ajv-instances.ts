/**
 * The judge's Ajv instances: one per draft and pattern bound, shared by every judge in the process,
 * because creating an instance (meta-schema compile, formats) costs far more than compiling one
 * tool schema. Ajv2020 reads 2020-12 (and schemas without `$schema`); the classic class reads
 * draft-07: the two cannot share one instance.
 */
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Draft } from './draft.js';
import { makePatternEngine } from './safe-regexp.js';

export type AnyAjv = Ajv | Ajv2020;

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: AnyAjv) => AnyAjv;

function create(draft: Draft, nativePatternMaxLength: number): AnyAjv {
  const options = {
    // All violations at once: a model fixes every problem in one retry.
    allErrors: true,
    // Unknown keywords (x-mcp-header and other annotations) and unknown formats (int64, uint, ...)
    // are annotations in a tool schema: accepted, never refused.
    strict: false,
    logger: false as const,
    // Without this, Ajv's generated code reads `data.constructor`, `data.toString`, `data.__proto__`
    // through the prototype: a schema declaring such a property would judge a value nobody sent.
    ownProperties: true,
    code: { regExp: makePatternEngine(nativePatternMaxLength) },
  };
  const ajv = draft === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

const instances = new Map<string, AnyAjv>();

/** An instance of its own, for a schema that cannot share one (an `$id` already in use there). */
export function privateAjv(draft: Draft, nativePatternMaxLength: number): AnyAjv {
  return create(draft, nativePatternMaxLength);
}

export function sharedAjv(draft: Draft, nativePatternMaxLength: number): AnyAjv {
  const key = `${draft}|${nativePatternMaxLength}`;
  let ajv = instances.get(key);
  if (!ajv) instances.set(key, (ajv = create(draft, nativePatternMaxLength)));
  return ajv;
}

let nextKey = 0;
/** A private URI under which a compiled schema is registered, so its subschemas can be compiled in place. */
export function privateSchemaKey(): string {
  return `urn:redouble:judge:${nextKey++}`;
}
