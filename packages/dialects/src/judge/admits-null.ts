/**
 * Whether a subschema accepts the value null: 'yes', 'no', or 'unknown' when it cannot be told
 * for certain (a ref that leaves the document, `$dynamicRef`, a ref cycle). Only a certain 'no'
 * lets the decoder remove a null, so a null that might be meant is never removed.
 *
 * Null is a scalar, so only these keywords can refuse it: type (with Ajv's `nullable`), enum,
 * const, the applicators allOf/anyOf/oneOf/not/if-then-else, and references.
 */
import type { Loc, SchemaIndex } from './schema-index.js';

export type Tri = 'yes' | 'no' | 'unknown';

function and(a: Tri, b: Tri): Tri {
  return a === 'no' || b === 'no' ? 'no' : a === 'unknown' || b === 'unknown' ? 'unknown' : 'yes';
}

export class NullAdmission {
  private readonly memo = new Map<string, Tri>();
  private readonly active = new Set<string>();

  constructor(private readonly index: SchemaIndex) {}

  of(loc: Loc): Tri {
    const cached = this.memo.get(loc.pointer);
    if (cached) return cached;
    if (this.active.has(loc.pointer)) return 'unknown';
    this.active.add(loc.pointer);
    const r = this.compute(loc);
    this.active.delete(loc.pointer);
    this.memo.set(loc.pointer, r);
    return r;
  }

  private sub(loc: Loc, ...tokens: (string | number)[]): Tri {
    const child = this.index.child(loc, ...tokens);
    return child ? this.of(child) : 'unknown';
  }

  private compute(loc: Loc): Tri {
    const s = loc.schema;
    if (s === true) return 'yes';
    if (s === false) return 'no';
    let r: Tri = 'yes';
    if (typeof s['$ref'] === 'string') {
      const target = this.index.resolve(s['$ref'], loc);
      r = and(r, target ? this.of(target) : 'unknown');
      // draft-07 ignores every keyword beside $ref
      if (this.index.draft === 'draft-07') return r;
    }
    if (s['$dynamicRef'] !== undefined || s['$recursiveRef'] !== undefined) r = and(r, 'unknown');
    const type = s['type'];
    if (type !== undefined) {
      const types = Array.isArray(type) ? type : [type];
      const nullable = s['nullable'] === true;
      if (!types.includes('null') && !nullable) return 'no';
    }
    if (Array.isArray(s['enum']) && !s['enum'].includes(null)) return 'no';
    if ('const' in s && s['const'] !== null) return 'no';
    if (Array.isArray(s['allOf'])) s['allOf'].forEach((_, i) => (r = and(r, this.sub(loc, 'allOf', i))));
    if (Array.isArray(s['anyOf'])) {
      const rs = s['anyOf'].map((_, i) => this.sub(loc, 'anyOf', i));
      r = and(r, rs.includes('yes') ? 'yes' : rs.every((x) => x === 'no') ? 'no' : 'unknown');
    }
    if (Array.isArray(s['oneOf'])) {
      const rs = s['oneOf'].map((_, i) => this.sub(loc, 'oneOf', i));
      const yes = rs.filter((x) => x === 'yes').length;
      const unknown = rs.filter((x) => x === 'unknown').length;
      r = and(r, yes > 1 ? 'no' : unknown > 0 ? 'unknown' : yes === 1 ? 'yes' : 'no');
    }
    if (s['not'] !== undefined) {
      const n = this.sub(loc, 'not');
      r = and(r, n === 'yes' ? 'no' : n === 'no' ? 'yes' : 'unknown');
    }
    if (s['if'] !== undefined) {
      const cond = this.sub(loc, 'if');
      const then = s['then'] === undefined ? 'yes' : this.sub(loc, 'then');
      const otherwise = s['else'] === undefined ? 'yes' : this.sub(loc, 'else');
      r = and(r, cond === 'yes' ? then : cond === 'no' ? otherwise : then === otherwise ? then : 'unknown');
    }
    return r;
  }
}
