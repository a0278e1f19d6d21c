/**
 * The one answer to "does this schema accept the value null?": 'yes', 'no', or 'unknown' when it
 * cannot be told for certain. The judge (null decoding), convert (optional properties made
 * nullable) and the MCP layer (nulls written into results) all ask it here.
 *
 * Null is a scalar, so only these keywords can refuse it: `type` (with the `nullable` flag, which
 * adds null to the type as Ajv and OpenAPI 3.0.3 read it), `enum`, `const`, the applicators
 * `allOf` / `anyOf` / `oneOf` / `not` / `if`-`then`-`else`, and references. Every other keyword
 * (`minimum`, `properties`, `items`, `format`, ...) ignores a null. Boolean schemas answer
 * themselves.
 *
 * It is 'unknown' where the schema does not decide: a reference the caller cannot resolve (it leaves
 * the document, or no resolver was given), `$dynamicRef` (unless the document is one resource, where
 * it reads as `$ref`) / `$recursiveRef`, a reference cycle, a
 * value that is not a schema. 'unknown' spreads only where it could change the outcome (`anyOf`
 * with a 'yes' branch is 'yes'; `allOf` with a 'no' branch is 'no').
 *
 * Which way it errs: a caller acts only on the certain answer it needs. The judge reads a null as
 * an omission only on 'no' (law 3: only where the canonical schema does not itself admit null), so
 * an undecided schema keeps the null the caller sent and Ajv judges it. convert reports an optional
 * property as ambiguous only on 'yes', and otherwise spells it nullable, which never narrows what
 * is accepted. The MCP layer writes a null into a result only on 'yes', so it never writes a value
 * the schema could refuse.
 */
import { own } from './convert/data.js';
import type { ResourceIndex } from './resource-index.js';

export type NullAnswer = 'yes' | 'no' | 'unknown';

export interface NullAdmissionOptions {
  /**
   * Where a reference leads, read from the schema object that holds it: the target schema, or
   * undefined when it leaves the document or names nothing. Without it, every reference is 'unknown'.
   */
  resolve?: (ref: string, holder: Record<string, unknown>) => unknown;
  /** A keyword that also holds a reference (a dialect may spell `$ref` another way). */
  refKeyword?: string;
  /** draft-07: keywords beside `$ref` are ignored. */
  refSiblingsIgnored?: boolean;
  /**
   * A `$dynamicRef` means what `$ref` to its anchor means (a document of one resource), so the
   * resolver follows it. A function is asked only when a `$dynamicRef` is met (telling may read the
   * whole document).
   */
  dynamicRefAsRef?: boolean | (() => boolean);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function and(a: NullAnswer, b: NullAnswer): NullAnswer {
  return a === 'no' || b === 'no' ? 'no' : a === 'unknown' || b === 'unknown' ? 'unknown' : 'yes';
}

function negate(a: NullAnswer): NullAnswer {
  return a === 'yes' ? 'no' : a === 'no' ? 'yes' : 'unknown';
}

/** Nesting beyond this decides nothing: a JS object that contains itself must not run away. */
const MAX_DEPTH = 256;

/** What one question needs: the caller's options, and with a resolver the answers so far. */
interface Context {
  readonly resolve: NullAdmissionOptions['resolve'];
  readonly refKeyword: string | undefined;
  readonly refOnly: boolean;
  readonly dynamicAsRef: boolean | (() => boolean);
  readonly memo: Map<object, NullAnswer> | undefined;
  readonly active: Set<object> | undefined;
}

/**
 * Answers for many subschemas of one document. With a resolver, each object subschema is worked
 * out once (references may lead back); without one the schema is a finite tree and nothing is kept.
 */
export class NullAdmission {
  readonly #context: Context;

  constructor(options: NullAdmissionOptions = {}) {
    const withMemo = options.resolve !== undefined;
    this.#context = {
      resolve: options.resolve,
      refKeyword: options.refKeyword !== '$ref' ? options.refKeyword : undefined,
      refOnly: options.refSiblingsIgnored === true,
      dynamicAsRef: options.dynamicRefAsRef ?? false,
      memo: withMemo ? new Map() : undefined,
      active: withMemo ? new Set() : undefined,
    };
  }

  of(schema: unknown): NullAnswer {
    return answer(schema, this.#context, 0);
  }
}

function answer(schema: unknown, c: Context, depth: number): NullAnswer {
  if (schema === true) return 'yes';
  if (schema === false) return 'no';
  if (!isObject(schema) || depth > MAX_DEPTH) return 'unknown';
  const memo = c.memo;
  if (!memo) return compute(schema, c, depth);
  const cached = memo.get(schema);
  if (cached) return cached;
  const active = c.active as Set<object>;
  // A schema that reaches itself again through references decides nothing by that path.
  if (active.has(schema)) return 'unknown';
  active.add(schema);
  const r = compute(schema, c, depth);
  active.delete(schema);
  memo.set(schema, r);
  return r;
}

function viaRef(ref: unknown, s: Record<string, unknown>, c: Context, depth: number): NullAnswer | undefined {
  if (typeof ref !== 'string') return undefined;
  const target = c.resolve?.(ref, s);
  return target === undefined ? 'unknown' : answer(target, c, depth + 1);
}

function compute(s: Record<string, unknown>, c: Context, depth: number): NullAnswer {
  const ref = viaRef(own(s, '$ref'), s, c, depth);
  const other = c.refKeyword === undefined ? undefined : viaRef(own(s, c.refKeyword), s, c, depth);
  let r: NullAnswer = ref === undefined ? 'yes' : ref;
  if (other !== undefined) r = and(r, other);
  if (c.refOnly && (ref !== undefined || other !== undefined)) return r;
  // A certain 'no' from a scalar keyword decides, whatever the rest says.
  const type = own(s, 'type');
  if (type !== undefined && type !== 'null' && own(s, 'nullable') !== true && !(Array.isArray(type) && type.includes('null'))) return 'no';
  const en = own(s, 'enum');
  if (Array.isArray(en) && !en.includes(null)) return 'no';
  const cn = own(s, 'const');
  if (cn !== undefined && cn !== null) return 'no';
  if (r === 'no') return r;
  const dynamic = own(s, '$dynamicRef');
  if (dynamic !== undefined && (typeof c.dynamicAsRef === 'function' ? c.dynamicAsRef() : c.dynamicAsRef)) r = and(r, viaRef(dynamic, s, c, depth) ?? 'unknown');
  else if (dynamic !== undefined || own(s, '$recursiveRef') !== undefined) r = and(r, 'unknown');
  const next = depth + 1;
  const allOf = own(s, 'allOf');
  if (Array.isArray(allOf)) {
    for (const b of allOf) {
      r = and(r, answer(b, c, next));
      if (r === 'no') return r;
    }
  }
  const anyOf = own(s, 'anyOf');
  if (Array.isArray(anyOf)) {
    let yes = false;
    let unknown = false;
    for (const b of anyOf) {
      const x = answer(b, c, next);
      if (x === 'yes') {
        yes = true;
        break;
      }
      if (x === 'unknown') unknown = true;
    }
    r = and(r, yes ? 'yes' : unknown ? 'unknown' : 'no');
  }
  const oneOf = own(s, 'oneOf');
  if (Array.isArray(oneOf)) {
    let yes = 0;
    let unknown = 0;
    for (const b of oneOf) {
      const x = answer(b, c, next);
      if (x === 'yes') yes++;
      else if (x === 'unknown') unknown++;
    }
    // Exactly one branch must pass: two certain passes refuse null whatever the others say.
    r = and(r, yes > 1 ? 'no' : unknown > 0 ? 'unknown' : yes === 1 ? 'yes' : 'no');
  }
  const not = own(s, 'not');
  if (not !== undefined) r = and(r, negate(answer(not, c, next)));
  const cond = own(s, 'if');
  if (cond !== undefined) {
    const when = answer(cond, c, next);
    const thenSchema = own(s, 'then');
    const elseSchema = own(s, 'else');
    const then = thenSchema === undefined ? 'yes' : answer(thenSchema, c, next);
    const otherwise = elseSchema === undefined ? 'yes' : answer(elseSchema, c, next);
    r = and(r, when === 'yes' ? then : when === 'no' ? otherwise : then === otherwise ? then : 'unknown');
  }
  return r;
}

// Without a resolver nothing is kept between questions, so one context per reading serves them all:
// convert asks once per optional property, and an object per question cost it measurably.
const TREE_CONTEXTS = new Map<string, Context>();
const MAX_CONTEXTS = 32;

/** One question, one answer: whether `schema` accepts null (see NullAdmission). */
export function admitsNull(schema: unknown, options: NullAdmissionOptions = {}): NullAnswer {
  if (options.resolve) return new NullAdmission(options).of(schema);
  const refKeyword = options.refKeyword !== '$ref' ? options.refKeyword : undefined;
  const refOnly = options.refSiblingsIgnored === true;
  const key = `${refOnly ? 1 : 0}${refKeyword ?? ''}`;
  let context = TREE_CONTEXTS.get(key);
  if (!context) {
    context = { resolve: undefined, refKeyword, refOnly, dynamicAsRef: false, memo: undefined, active: undefined };
    if (TREE_CONTEXTS.size < MAX_CONTEXTS) TREE_CONTEXTS.set(key, context);
  }
  return answer(schema, context, 0);
}

/** Answers for the subschemas of one whole document, its references resolved by its resource index. */
export function nullAdmissionIn(index: ResourceIndex): NullAdmission {
  return new NullAdmission({
    resolve: (ref, holder) => {
      const from = index.locOf(holder);
      return from ? index.resolve(ref, from)?.schema : undefined;
    },
    refSiblingsIgnored: index.draft === 'draft-07',
    dynamicRefAsRef: index.dynamicRefsReadAsRefs,
  });
}
