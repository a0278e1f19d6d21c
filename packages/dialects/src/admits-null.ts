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
 * the document, or no resolver was given), `$dynamicRef` / `$recursiveRef`, a reference cycle, a
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

/** Answers for many subschemas of one document; each object subschema is worked out once. */
export class NullAdmission {
  readonly #memo = new Map<object, NullAnswer>();
  readonly #active = new Set<object>();
  readonly #options: NullAdmissionOptions;
  readonly #refKeys: readonly string[];

  constructor(options: NullAdmissionOptions = {}) {
    this.#options = options;
    const extra = options.refKeyword;
    this.#refKeys = extra !== undefined && extra !== '$ref' ? ['$ref', extra] : ['$ref'];
  }

  of(schema: unknown): NullAnswer {
    if (schema === true) return 'yes';
    if (schema === false) return 'no';
    if (!isObject(schema)) return 'unknown';
    const cached = this.#memo.get(schema);
    if (cached) return cached;
    // A schema that reaches itself again through references decides nothing by that path.
    if (this.#active.has(schema)) return 'unknown';
    this.#active.add(schema);
    const r = this.#compute(schema);
    this.#active.delete(schema);
    this.#memo.set(schema, r);
    return r;
  }

  #compute(s: Record<string, unknown>): NullAnswer {
    let r: NullAnswer = 'yes';
    for (const key of this.#refKeys) {
      const ref = s[key];
      if (typeof ref !== 'string') continue;
      const target = this.#options.resolve?.(ref, s);
      r = and(r, target === undefined ? 'unknown' : this.of(target));
      if (this.#options.refSiblingsIgnored) return r;
    }
    if (s['$dynamicRef'] !== undefined || s['$recursiveRef'] !== undefined) r = and(r, 'unknown');
    const type = s['type'];
    if (type !== undefined) {
      const types = Array.isArray(type) ? type : [type];
      if (!types.includes('null') && s['nullable'] !== true) return 'no';
    }
    if (Array.isArray(s['enum']) && !s['enum'].includes(null)) return 'no';
    if (Object.prototype.hasOwnProperty.call(s, 'const') && s['const'] !== null) return 'no';
    if (r === 'no') return r;
    const allOf = s['allOf'];
    if (Array.isArray(allOf)) {
      for (const b of allOf) {
        r = and(r, this.of(b));
        if (r === 'no') return r;
      }
    }
    const anyOf = s['anyOf'];
    if (Array.isArray(anyOf)) {
      const rs = anyOf.map((b) => this.of(b));
      r = and(r, rs.includes('yes') ? 'yes' : rs.every((x) => x === 'no') ? 'no' : 'unknown');
    }
    const oneOf = s['oneOf'];
    if (Array.isArray(oneOf)) {
      const rs = oneOf.map((b) => this.of(b));
      const yes = rs.filter((x) => x === 'yes').length;
      const unknown = rs.filter((x) => x === 'unknown').length;
      // Exactly one branch must pass: two certain passes refuse null whatever the others say.
      r = and(r, yes > 1 ? 'no' : unknown > 0 ? 'unknown' : yes === 1 ? 'yes' : 'no');
    }
    if (s['not'] !== undefined) r = and(r, negate(this.of(s['not'])));
    if (s['if'] !== undefined) {
      const cond = this.of(s['if']);
      const then = s['then'] === undefined ? 'yes' : this.of(s['then']);
      const otherwise = s['else'] === undefined ? 'yes' : this.of(s['else']);
      r = and(r, cond === 'yes' ? then : cond === 'no' ? otherwise : then === otherwise ? then : 'unknown');
    }
    return r;
  }
}

/** One question, one answer: whether `schema` accepts null (see NullAdmission). */
export function admitsNull(schema: unknown, options?: NullAdmissionOptions): NullAnswer {
  return new NullAdmission(options).of(schema);
}

/** Answers for the subschemas of one whole document, its references resolved by its resource index. */
export function nullAdmissionIn(index: ResourceIndex): NullAdmission {
  return new NullAdmission({
    resolve: (ref, holder) => {
      const from = index.locOf(holder);
      return from ? index.resolve(ref, from)?.schema : undefined;
    },
    refSiblingsIgnored: index.draft === 'draft-07',
  });
}
