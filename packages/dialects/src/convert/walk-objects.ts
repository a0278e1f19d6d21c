/**
 * Pass 3, nodes: objects (docs/architecture.md). Closure of every object, maps closed and reported,
 * optional properties spelled as required and nullable. Separate because it runs on the built
 * output node and is reused by the root pass for a merged root union.
 */
import { hasOwn, isPlainObject, own, put, type JsonObject } from './data.js';
import { admitsNull, NullAdmission, type NullAdmissionOptions, type NullAnswer } from '../admits-null.js';
import { refIndex } from './walk-refs.js';
import { dynamicRefReadsAsRef } from './walk-dynamic.js';
import { makeNullable } from './nulls.js';
import { acceptsNoValue } from '../accepts-no-value.js';
import { nullIsOmission } from '../null-omission.js';
import { evaluatedBeside } from './walk-evaluated.js';
import { indexOfIn } from './node-rules.js';
import type { WalkState } from './walk-state.js';
import { propertyPointer, pointer, report } from './walk-paths.js';
import { composedElsewhere, composesParts, mergeSite } from './composed.js';

export function finishObjects(
  s: WalkState,
  out: JsonObject,
  node: JsonObject,
  atRoot: boolean,
  dropped: [string, unknown][] | undefined,
  explainRanges?: Map<string, [number, number]>,
  mergedRoot = false,
  mapDiagnostics?: [number, number][],
  canonicalNode?: JsonObject,
): [string, unknown][] | undefined {
  const plan = s.plan;
  const t = own(out, 'type');
  const isObject = t === 'object' || own(out, 'properties') !== undefined || (Array.isArray(t) && t.includes('object'));
  if (!isObject) return dropped;
  if (plan.closed === 'all' && !atRoot && unionOfObjects(out)) {
    delete out.type;
    return finishOptional(s, out, node, dropped, mergedRoot, canonicalNode);
  }
  if (plan.closed === 'all' && s.stubs.has(node)) {
    // A cycle cut here: the stub stands for the repeated definition, not for an open object, so it
    // is closed with no sentence about other properties; what it refuses is reported.
    out.additionalProperties = false;
    report(s, 'recursion-cut', 'warning', 'a cycle is cut here and every object is closed, so the spelled schema accepts only an empty object at this depth, though the canonical schema repeats the structure (the server still accepts it)', pointer(s));
  } else if (plan.closed === 'all') {
    const ap = own(out, 'additionalProperties');
    // A pattern that names only declared properties (`^id$`) opens the object to nothing more.
    const declaredNames = own(node, 'properties');
    const pattern = hasOwn(out, 'patternProperties') && opensBeyond(out.patternProperties, declaredNames);
    // An object that accepts other properties (a map, an explicit opening, a free-form object
    // below the root) loses them when closed: its rule goes into the description and is reported.
    // Pattern properties this dialect dropped (their sentence is written) still name properties the
    // canonical schema accepts and the closed spelling refuses.
    const inputPatterns = own(node, 'patternProperties');
    const patternDropped = !hasOwn(out, 'patternProperties') && isPlainObject(inputPatterns) && opensBeyond(inputPatterns, declaredNames);
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
        reportClosed(s, canonicalNode ?? node);
      }
    }
  }
  return finishOptional(s, out, node, dropped, mergedRoot, canonicalNode);
}

const CLOSED = 'the dialect closes every object, so the spelled schema refuses them (the server still accepts them).';

/**
 * An object left open by default, closed by the dialect. The advice names the closure that keeps
 * what the author meant: on an object composed of parts (allOf, a reference beside rules of its
 * own), `unevaluatedProperties: false` where it is composed, reported there; on a definition that
 * some composition takes as a part, closing it would refuse the other parts' properties.
 */
function reportClosed(s: WalkState, canonical: JsonObject): void {
  const site = mergeSite(s, canonical);
  if (site !== undefined || composesParts(canonical)) {
    report(s, 'object-closed', 'warning', `this object is composed of parts (allOf, or a $ref beside other keywords) and does not say unevaluatedProperties: false, so the canonical schema accepts other properties; ${CLOSED} Write unevaluatedProperties: false on it in the canonical schema if no other property is meant (additionalProperties: false on a part would refuse what the other parts declare)`, site ?? pointer(s));
  } else if (composedElsewhere(s, canonical)) {
    report(s, 'object-closed', 'warning', `this object does not say additionalProperties: false, so the canonical schema accepts other properties; ${CLOSED} It is also a part of an object composed elsewhere (allOf, or a $ref beside other keywords), where additionalProperties: false on it would refuse what the other parts declare: write unevaluatedProperties: false where it is used instead, if no other property is meant`, pointer(s));
  } else {
    report(s, 'object-closed', 'warning', `this object does not say additionalProperties: false, so the canonical schema accepts other properties; ${CLOSED} Write additionalProperties: false in the canonical schema if no other property is meant`, pointer(s));
  }
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
    dynamicRefAsRef: () => dynamicRefReadsAsRef(s),
  };
}

/** Optional properties spelled as required and nullable, where the dialect says so. */
function finishOptional(s: WalkState, out: JsonObject, node: JsonObject, dropped: [string, unknown][] | undefined, mergedRoot: boolean, canonicalNode?: JsonObject): [string, unknown][] | undefined {
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
    let conjuncts: unknown[] | undefined;
    // One question for the canonical schema per object: its answers are kept across properties.
    let canonicalNulls: NullAdmission | undefined;
    const canonicalAnswer = (x: unknown): NullAnswer => (canonicalNulls ??= new NullAdmission(canonicalQuestion(s))).of(x);
    const refusesNull = (x: unknown): boolean => canonicalAnswer(x) === 'no';
    for (const name in props) {
      if (have ? have.has(name) : indexOfIn(required, name, listed) >= 0) continue;
      required.push(name);
      const spelledAnswer = admitsNull(props[name], question);
      // Whether the server reads the null as the omission is the judge's answer, asked of the
      // canonical object (src/null-omission.ts). Asked only where the spelling does not settle it:
      // a typed property the spelling refuses null for is one the canonical schema refuses it for.
      const canonical = isPlainObject(authored) ? authored[name] : undefined;
      // A typeless one the spelling types (refusing null) is settled too where it refuses null itself.
      const settled = spelledAnswer === 'no' && (!isPlainObject(canonical) || hasOwn(canonical, 'type') || refusesNull(canonical));
      const omission = settled || canonicalNode === undefined ? spelledAnswer === 'no' : nullIsOmission((conjuncts ??= conjunctsOf(s, canonicalNode)), name, refusesNull);
      if (spelledAnswer === 'yes' || (spelledAnswer === 'unknown' && isPlainObject(authored) && canonicalAnswer(authored[name]) === 'yes')) {
        // The server still reads the null as the omission where the canonical schema refuses it
        // (a branch beside it narrows what the property's own schema admits): nothing to report.
        if (!omission) report(s, 'optional-null-ambiguous', 'warning', `optional property "${name}" already admits null, so a null sent for it cannot be read as an omission; it is passed on as null`, mergedRoot ? s.prefix : propertyPointer(s, node, name));
      } else {
        // Spelled nullable below, for the omission; a null the server cannot read as one is passed on.
        if (!omission) {
          const admits = canonical !== undefined && canonicalAnswer(canonical) === 'yes';
          report(s, 'optional-null-ambiguous', 'warning', admits
            ? `optional property "${name}" admits null in the canonical schema (it names no type, or a null-admitting one); the spelling adds null for the omission, but a null sent for it cannot be read as one: it is passed on as null`
            : `optional property "${name}": the canonical schema does not certainly refuse null here, so the server cannot read a null sent for it as the omission the spelling means; it is passed on as null and judged`, mergedRoot ? s.prefix : propertyPointer(s, node, name));
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

/**
 * The conjuncts of a canonical object, as the judge gathers them (judge/decode-plan.ts): the node,
 * its local references' targets (a `$dynamicRef` too, where it reads as one) and its allOf
 * members, recursively; a reference that leaves the document adds nothing.
 */
function conjunctsOf(s: WalkState, node: JsonObject): unknown[] {
  const out: unknown[] = [];
  const seen = new Set<unknown>();
  const visit = (n: unknown, depth: number): void => {
    if (!isPlainObject(n) || seen.has(n) || depth > 32) return;
    seen.add(n);
    for (const key of ['$ref', '$dynamicRef']) {
      const ref = own(n, key);
      if (typeof ref !== 'string' || (key === '$dynamicRef' && !dynamicRefReadsAsRef(s))) continue;
      const r = refIndex(s).resolve(ref, n, s.path);
      if (r.kind === 'local') visit(r.target.node, depth + 1);
    }
    if (s.draft07 && typeof own(n, '$ref') === 'string') return;
    out.push(n);
    const allOf = own(n, 'allOf');
    if (Array.isArray(allOf)) for (const b of allOf) visit(b, depth + 1);
  };
  visit(node, 0);
  return out;
}

/**
 * Whether some pattern of a patternProperties map may match a name the properties do not declare.
 * Told exactly for a pattern that is a list of literal names (`^id$`, `^(?:a|b)$`); any other
 * pattern is taken to match more.
 */
function opensBeyond(patterns: unknown, props: unknown): boolean {
  if (!isPlainObject(patterns)) return false;
  for (const p in patterns) {
    const m = /^\^\(?(?:\?:)?([A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)*)\)?\$$/.exec(p);
    // A group must be closed exactly when opened (`^(a|b$` is no list of names), and alternatives
    // need one: `^a|b$` is "starts with a, or ends with b".
    const grouped = p.startsWith('^(');
    if (m === null || grouped !== p.endsWith(')$') || (m[1]!.includes('|') && !grouped)) return true;
    if (!m[1]!.split('|').every((n) => isPlainObject(props) && hasOwn(props, n))) return true;
  }
  return false;
}
