/**
 * Pass 3, nodes: objects (docs/architecture.md). Closure of every object, maps closed and reported,
 * optional properties spelled as required and nullable. Separate because it runs on the built
 * output node and is reused by the root pass for a merged root union.
 */
import { hasOwn, isPlainObject, own, put, type JsonObject } from './data.js';
import { admitsNull, type NullAdmissionOptions } from '../admits-null.js';
import { refIndex } from './walk-refs.js';
import { makeNullable } from './nulls.js';
import { acceptsNoValue } from '../accepts-no-value.js';
import { evaluatedBeside } from './walk-evaluated.js';
import { indexOfIn } from './node-rules.js';
import type { WalkState } from './walk-state.js';
import { propertyPointer, pointer, report } from './walk-paths.js';

export function finishObjects(
  s: WalkState,
  out: JsonObject,
  node: JsonObject,
  atRoot: boolean,
  dropped: [string, unknown][] | undefined,
  explainRanges?: Map<string, [number, number]>,
  mergedRoot = false,
  mapDiagnostics?: [number, number][],
): [string, unknown][] | undefined {
  const plan = s.plan;
  const t = own(out, 'type');
  const isObject = t === 'object' || own(out, 'properties') !== undefined || (Array.isArray(t) && t.includes('object'));
  if (!isObject) return dropped;
  if (plan.closed === 'all' && !atRoot && unionOfObjects(out)) {
    delete out.type;
    return finishOptional(s, out, node, dropped, mergedRoot);
  }
  if (plan.closed === 'all' && s.stubs.has(node)) {
    // A cycle cut here: the stub stands for the repeated definition, not for an open object, so it
    // is closed with no sentence about other properties; what it refuses is reported.
    out.additionalProperties = false;
    report(s, 'recursion-cut', 'warning', 'a cycle is cut here and every object is closed, so the spelled schema accepts only an empty object at this depth, though the canonical schema repeats the structure (the server still accepts it)', pointer(s));
  } else if (plan.closed === 'all') {
    const ap = own(out, 'additionalProperties');
    const pattern = hasOwn(out, 'patternProperties');
    // An object that accepts other properties (a map, an explicit opening, a free-form object
    // below the root) loses them when closed: its rule goes into the description and is reported.
    // Pattern properties this dialect dropped (their sentence is written) still name properties the
    // canonical schema accepts and the closed spelling refuses.
    const inputPatterns = own(node, 'patternProperties');
    const patternDropped = !pattern && isPlainObject(inputPatterns) && Object.keys(inputPatterns).length > 0;
    // A closure that accepts no value (`{not: true}`, `{not: {}}`) closes the object as `false` does.
    const closedByNothing = acceptsNoValue(own(node, 'additionalProperties'));
    const openByClosure = !closedByNothing && ((ap !== undefined && ap !== false) || (ap === undefined && !hasOwn(out, 'properties') && !atRoot));
    const open = pattern || patternDropped || openByClosure;
    if (open && plan.maps === 'close-and-report') {
      const here = pointer(s);
      report(s, 'map-closed', 'warning', 'this object accepts other properties; the dialect closes every object, so the spelled schema refuses them though the canonical schema accepts them (the server still does)', here);
      // The map's value schemas are not in the output: a narrowing found while walking them is no
      // longer news. Found by when it was reported, not where: a required name declared with the
      // map's schema (walk-required.ts) points there too, and it is still in the output.
      for (const [from, to] of [...(mapDiagnostics ?? [])].sort((a, b) => b[0] - a[0])) {
        for (let i = to - 1; i >= from; i--) if ((s.diags[i] as (typeof s.diags)[number]).code === 'any-value-narrowed') s.diags.splice(i, 1);
      }
      const list = dropped ?? [];
      // Dropped pattern properties carry their own sentence; the closure has none to add then.
      if (pattern || openByClosure) list.push(['additionalProperties', hasOwn(node, 'additionalProperties') ? node.additionalProperties : true]);
      if (s.explain && explainRanges) {
        // What was walked inside the map's value schemas is not in the output: nothing to explain there.
        const ranges = [...explainRanges.values()].sort((a, b) => b[0] - a[0]);
        for (const [from, to] of ranges) s.explain.splice(from, to - from);
      }
      if (pattern) {
        list.push(['patternProperties', node.patternProperties]);
        delete out.patternProperties;
      }
      out.additionalProperties = false;
      dropped = list;
    } else if (!open && ap !== false) {
      out.additionalProperties = false;
      // Left open by default (no additionalProperties, patternProperties or unevaluatedProperties
      // false): the canonical schema accepts other properties, which the closed spelling refuses.
      // No sentence (the author stated no rule), but the narrowing is reported where it happens.
      if (hasOwn(node, 'unevaluatedProperties') && evaluatedBeside(node, 'unevaluatedProperties')) {
        // Names its subschemas evaluate (through a reference, a pattern or a closure of their own:
        // walk-evaluated.ts could not list them) are accepted canonically and refused when closed.
        report(s, 'map-closed', 'warning', "this object's unevaluatedProperties leaves alone the names its subschemas evaluate, which this spelling cannot list; the dialect closes every object, so the spelled schema refuses them (the server still accepts them)", pointer(s));
      } else if (own(node, 'unevaluatedProperties') !== false && !closedByNothing) {
        report(s, 'object-closed', 'warning', 'this object does not say additionalProperties: false, so the canonical schema accepts other properties; the dialect closes every object, so the spelled schema refuses them (the server still accepts them). Write additionalProperties: false in the canonical schema if no other property is meant', pointer(s));
      }
    }
  }
  return finishOptional(s, out, node, dropped, mergedRoot);
}

/**
 * A wrapper below the root whose only object content is a union of object branches: closing it
 * would refuse every property (none is its own), so closure stays on the branches, each closed
 * by this same pass, and the wrapper reports no closed map. Its `type: object` goes too (each
 * branch says it): a typed wrapper is an object that strict checkers want closed.
 */
function unionOfObjects(out: JsonObject): boolean {
  if (own(out, 'type') !== 'object' || hasOwn(out, 'properties') || hasOwn(out, 'patternProperties') || hasOwn(out, 'additionalProperties')) return false;
  const anyOf = own(out, 'anyOf');
  const oneOf = own(out, 'oneOf');
  const branches = Array.isArray(anyOf) ? anyOf : Array.isArray(oneOf) ? oneOf : undefined;
  if (branches === undefined || branches.length === 0) return false;
  for (const b of branches) {
    if (!isPlainObject(b) || b.type !== 'object') return false;
  }
  return true;
}

/** The null question for the canonical schema: its local references followed, draft-07 siblings of a reference ignored. */
function canonicalQuestion(s: WalkState): NullAdmissionOptions {
  return {
    resolve: (ref, holder) => {
      const r = refIndex(s).resolve(ref, holder, s.path);
      return r.kind === 'local' ? r.target.node : undefined;
    },
    refSiblingsIgnored: s.draft07,
  };
}

/** Optional properties spelled as required and nullable, where the dialect says so. */
function finishOptional(s: WalkState, out: JsonObject, node: JsonObject, dropped: [string, unknown][] | undefined, mergedRoot: boolean): [string, unknown][] | undefined {
  const plan = s.plan;
  const props = plan.optional === 'required-nullable' ? own(out, 'properties') : undefined;
  if (isPlainObject(props)) {
    const required: string[] = [];
    const listedRequired = own(out, 'required');
    if (Array.isArray(listedRequired)) for (const x of listedRequired as unknown[]) if (typeof x === 'string') required.push(x);
    // Most objects list a handful of names: a scan is cheaper than building a Set for each.
    const have = required.length > 16 ? new Set(required) : undefined;
    const listed = required.length;
    const refs = plan.references;
    const refKeyword = refs?.refKeyword ?? '$ref';
    const wrapRefs = refs?.siblings === 'wrap-anyof';
    // No resolver: the spelled node is asked as it stands, and a reference in it decides nothing.
    // Where that leaves it undecided, the canonical property is asked with its references followed.
    const question = { refKeyword };
    const authored = own(node, 'properties');
    for (const name in props) {
      if (have ? have.has(name) : indexOfIn(required, name, listed) >= 0) continue;
      required.push(name);
      const spelledAnswer = admitsNull(props[name], question);
      if (spelledAnswer === 'yes' || (spelledAnswer === 'unknown' && isPlainObject(authored) && admitsNull(authored[name], canonicalQuestion(s)) === 'yes')) {
        report(s, 'optional-null-ambiguous', 'warning', `optional property "${name}" already admits null, so a null sent for it cannot be read as an omission; it is passed on as null`, mergedRoot ? s.prefix : propertyPointer(s, node, name));
      } else {
        // A typeless property is spelled with the type its keywords imply, which refuses null; the
        // canonical one admits it, so the server keeps a null sent for it (src/judge/decode-plan.ts).
        const canonical = isPlainObject(authored) ? authored[name] : undefined;
        if (isPlainObject(canonical) && !hasOwn(canonical, 'type') && admitsNull(canonical, canonicalQuestion(s)) !== 'no') {
          report(s, 'optional-null-ambiguous', 'warning', `optional property "${name}" names no type in the canonical schema, so it admits null there; the spelling adds null for the omission, but a null sent for it cannot be read as one: it is passed on as null`, mergedRoot ? s.prefix : propertyPointer(s, node, name));
        }
        const before = props[name] as JsonObject;
        const enumBefore = isPlainObject(before) && Array.isArray(own(before, 'enum')) ? (before.enum as unknown[]).length : 0;
        const after = makeNullable(before, plan.nulls, refKeyword, wrapRefs);
        if (isPlainObject(after) && Array.isArray(own(after, 'enum')) && (after.enum as unknown[]).length > enumBefore) s.counts.enumValues += (after.enum as unknown[]).length - enumBefore;
        put(props, name, after);
      }
    }
    out.required = required;
  }
  return dropped;
}
