/**
 * Pass 2, references (docs/architecture.md): at a `$ref` the plan keeps it (re-spelled), inlines
 * it (merged with its siblings), or breaks a cycle at its re-entry with a stub. Separate because
 * it is the only pass that leaves the input's tree shape, moving the walk to a target elsewhere.
 */
import { hasOwn, isPlainObject, put, tokenList, type JsonObject } from './data.js';
import type { Plan } from './plan.js';
import { RefIndex, type RefTarget } from './refs.js';
import { RefGraph, type WayOut } from './ref-graph.js';
import { fragmentToken } from './node-rules.js';
import type { WalkState, NoteEvent } from './walk-state.js';
import { at, tokensOf, pointer, recordOrigin, report } from './walk-paths.js';
import { SILENT_KEYWORDS } from './keywords.js';
import { draft07Siblings, withoutRef } from './walk-read.js';
import { definitionName } from './walk-definitions.js';
import { walkObject } from './walk-node.js';
import { walk } from './walk.js';
import { recordMergeSite } from './composed.js';
import { cycleLabel, lastPropertyName } from './cycle-label.js';
import { mergedForClosure, mergeSiblings, wrapCollides } from './ref-siblings.js';
import { appliesItself } from '../same-instance.js';

// Each schema gets a new index and graphs, and the walker holds on to the last ones (s.kept): when
// the last object of a class is collected, so is its hidden class, and V8 throws away the optimized
// code and the feedback that knew it. A process that converted schemas one at a time between
// collections then warmed up again after each. (Reusing one object instead kept its Map and Set
// tables in the old generation, where every clear() and growth allocated: a warm corpus pass of the
// dialect that uses the graphs most took 25% longer.)
export function refGraph(s: WalkState): RefGraph {
  return (s.graph ??= s.kept.graph = new RefGraph(refIndex(s), s.limits.maxNodes * 4));
}

export function refIndex(s: WalkState): RefIndex {
  return (s.refs ??= s.kept.refs = new RefIndex(s.root, s.draft07));
}

/**
 * A reference left as authored is still checked: a dangling one is an error, an external one a
 * warning. `keyword`: `$ref`, or a `$dynamicRef` (checked where it resolves as a reference would,
 * its anchors aside: an external one is never fetched either).
 */
export function checkRef(s: WalkState, ref: string, node: JsonObject, keyword: '$ref' | '$dynamicRef' = '$ref'): void {
  const r = refIndex(s).resolve(ref, node, s.path, tokensOf(s, node, keyword));
  if (r.kind === 'missing') report(s, 'unresolved-ref', 'error', r.reason, at(s, node, keyword));
  else if (r.kind === 'external') report(s, 'external-ref', 'warning', `${ref} is external and is never fetched`, at(s, node, keyword));
  else if (keyword === '$ref') cycleWithoutExit(s, ref, node, r.target);
}

/** A reference that leads back to where it stands without the value changing: an error, said once per reference. */
function cycleWithoutExit(s: WalkState, ref: string, node: JsonObject, target: RefTarget): void {
  if (noExit(s, node, target)) {
    report(s, 'ref-cycle-no-exit', 'error', `${ref} leads back to itself through references alone, so the schema describes nothing`, at(s, node, '$ref'));
  } else if (appliesItself(s.path[s.path.length - 1] as object, target.node, (r, holder) => resolvedNode(s, r, holder))) {
    report(s, 'ref-cycle-no-exit', 'error', `${ref} leads back to itself through references and allOf alone, applied to the same value, so the schema describes nothing`, at(s, node, '$ref'));
  }
}

export function walkRef(s: WalkState, node: JsonObject, atRoot: boolean, events: NoteEvent[] | undefined): unknown {
  const refs = s.plan.references as NonNullable<Plan['references']>;
  const ref = node.$ref as string;
  const resolution = refIndex(s).resolve(ref, node, s.path, tokensOf(s, node, '$ref'));
  const siblings = s.normalize ? draft07Siblings(s, node) : withoutRef(s, node);
  // Where explain records this reference's fate (a node the walk made up has none in the input).
  const refAt = s.explain !== undefined && !s.madeUp.has(node) ? at(s, node, '$ref') : undefined;
  if (resolution.kind !== 'local') {
    // Where the input holds it: a `$dynamicRef` read as a reference is pointed at as itself.
    const refPath = at(s, node, '$ref');
    if (resolution.kind === 'missing') report(s, 'unresolved-ref', 'error', resolution.reason, refPath);
    else report(s, 'external-ref', 'warning', `${ref} is external and is never fetched`, refPath);
    // A reader that cannot follow this reference must not be handed it: the sentence carries it.
    const ev: NoteEvent[] = [...(events ?? [])];
    if (resolution.kind === 'external') ev.push(refAt === undefined ? { event: 'external-ref', vars: { ref } } : { event: 'external-ref', vars: { ref }, explainAt: refAt });
    return walkObject(s, siblings ?? {}, atRoot, ev.length > 0 ? ev : undefined);
  }
  const target = resolution.target;
  if (s.reservedNames.size > 0) {
    const reserved = s.reservedNames.get(target.node);
    if (reserved !== undefined) reserved.reached = true;
  }
  cycleWithoutExit(s, ref, node, target);
  // How often the walk already stands inside this target: past the dialect's unrolling, the cycle is cut.
  const depth = Math.max(count(s.path, target.node), count(s.inlineNodes, target.node));
  // A root that is a reference, where the dialect's root must state its type (root.type): vendors
  // refuse a root $ref, so the target is written out in place, as the dialects that inline do.
  const inline = (atRoot && s.plan.rootType !== undefined && target.tokens.length > 0) || shouldInline(s, target);
  if (inline && depth > (refs.unroll ?? 0)) return breakCycle(s, target, siblings, atRoot, events, refAt);
  // The input's node holding this reference (the walk may read a copy of it): merged once per visit.
  const holder = s.path[s.path.length - 1];
  const mustMerge = !inline && siblings !== undefined && refs.siblings !== 'merge' && (mergedForClosure(s, siblings) || wrapCollides(s, siblings));
  const forClosure = mustMerge && !s.closureMerges.includes(holder);
  // Met again inside its own merge (its target recurs through it): where definitions are kept, the
  // merged node itself becomes one, and the recursion refers to it.
  if (mustMerge && !forClosure && refs.mode === 'keep' && isPlainObject(holder)) {
    const place = tokensOf(s, node, '$ref').slice(0, -1);
    const name = definitionName(s, refIndex(s).targetAt(tokenList(place), holder));
    if (refAt !== undefined) s.explain?.push({ path: refAt, keyword: '$ref', outcome: 'renamed', detail: `written out once with its siblings, as the definition ${name}, which refers to itself here` });
    const refNode: JsonObject = {};
    put(refNode, refs.refKeyword, refs.refPrefix + fragmentToken(name));
    return refNode;
  }
  if (inline || (siblings !== undefined && refs.siblings === 'merge') || forClosure) {
    if (refAt !== undefined) s.explain?.push({ path: refAt, keyword: '$ref', outcome: 'renamed', detail: `written out in place: the schema at ${ref} stands here` });
    if (!forClosure) return inlineRef(s, target, siblings, atRoot, events);
    s.closureMerges.push(holder);
    const out = inlineRef(s, target, siblings, atRoot, events);
    s.closureMerges.pop();
    return out;
  }
  const name = target.tokens.length === 0 ? undefined : definitionName(s, target);
  const spelled = name === undefined ? '#' : refs.refPrefix + fragmentToken(name);
  if (refAt !== undefined) {
    s.explain?.push(
      refs.refKeyword === '$ref' && spelled === ref
        ? { path: refAt, keyword: '$ref', outcome: 'kept', detail: 'kept as a keyword' }
        : { path: refAt, keyword: '$ref', outcome: 'renamed', detail: `spelled ${refs.refKeyword}: ${spelled}` },
    );
  }
  return refWithSiblings(s, spelled, siblings, atRoot, events);
}

function refWithSiblings(s: WalkState, spelled: string, siblings: JsonObject | undefined, atRoot: boolean, events: NoteEvent[] | undefined): unknown {
  const refs = s.plan.references as NonNullable<Plan['references']>;
  const refNode: JsonObject = {};
  put(refNode, refs.refKeyword, spelled);
  if (siblings === undefined && events === undefined) return refNode;
  const rest = walkObject(s, siblings ?? {}, atRoot, events, undefined, true);
  if (!isPlainObject(rest)) return refNode;
  if (refs.siblings === 'wrap-anyof' && Object.keys(rest).length > 0) {
    // Siblings spelled as an anyOf of their own were written out with the target (wrapCollides); one
    // the walk made up anyway would take the wrapper's place, so it is said, not dropped unsaid.
    if (hasOwn(rest, 'anyOf')) report(s, 'rule-lost', 'warning', `the reference ${spelled} stands beside an anyOf of its own siblings, which takes its place in this dialect's spelling`, pointer(s, ['$ref']));
    const out: JsonObject = { anyOf: [refNode] };
    for (const k in rest) put(out, k, rest[k]);
    return out;
  }
  const out: JsonObject = refNode;
  for (const k in rest) put(out, k, rest[k]);
  return out;
}

function shouldInline(s: WalkState, target: RefTarget): boolean {
  const refs = s.plan.references as NonNullable<Plan['references']>;
  if (refs.mode === 'inline') return refs.cycles === 'break' ? !keptCycle(s, target.node) : !refGraph(s).isCyclic(target.node);
  return refs.cycles === 'break' && refGraph(s).isCyclic(target.node) && !keptCycle(s, target.node);
}

/**
 * With cycles: break and keepCyclesThrough, a target on a cycle is kept when every re-entry passes
 * a way out: it lies on no cycle of the graph that leaves those steps out.
 */
export function keptCycle(s: WalkState, node: unknown): boolean {
  const through = (s.plan.references as NonNullable<Plan['references']>).keepCyclesThrough;
  if (through === undefined || !refGraph(s).isCyclic(node)) return false;
  s.stoppable ??= s.kept.stoppable = new RefGraph(refIndex(s), s.limits.maxNodes * 4, wayOut(through));
  return !s.stoppable.isCyclic(node);
}

function wayOut(through: readonly string[]): WayOut {
  const optionalProperty = through.includes('optional-property');
  const optionalItems = through.includes('optional-items');
  return (parent, keyword, key) => {
    if (optionalProperty && keyword === 'properties') return !(Array.isArray(parent.required) && parent.required.includes(key));
    if (optionalItems && (keyword === 'items' || keyword === 'prefixItems' || keyword === 'additionalItems')) {
      const min = typeof parent.minItems === 'number' ? parent.minItems : 0;
      return keyword === 'prefixItems' ? (key as number) >= min : min === 0;
    }
    return false;
  };
}

function inlineRef(s: WalkState, target: RefTarget, siblings: JsonObject | undefined, atRoot: boolean, events: NoteEvent[] | undefined): unknown {
  const source = siblings === undefined ? target.node : mergeSiblings(s, target.node, target.tokens, siblings);
  if (siblings !== undefined) recordMergeSite(s, source, pointer(s));
  if (s.plan.events.has('cycle') || s.plan.events.has('cycle-unrolled')) {
    const used = lastPropertyName(s.tokens);
    if (used !== undefined && !(s.firstUse ??= new Map()).has(target.node)) s.firstUse.set(target.node, used);
  }
  const savedTokens = s.tokens;
  s.tokens = tokenList(target.tokens);
  s.inlining.push(target);
  s.inlineNodes.push(target.node);
  const out = walk(s, source, atRoot, undefined, events);
  s.inlineNodes.pop();
  s.inlining.pop();
  s.tokens = savedTokens;
  return out;
}

function breakCycle(s: WalkState, target: RefTarget, siblings: JsonObject | undefined, atRoot: boolean, events: NoteEvent[] | undefined, refAt: string | undefined): unknown {
  const final = finalTarget(s, target);
  if (final !== target && !target.rootDefinition) target = final;
  const t = final.node;
  const shape: JsonObject = {};
  const type = isPlainObject(t) && hasOwn(t, 'type') ? t.type : isPlainObject(t) && (hasOwn(t, 'items') || hasOwn(t, 'prefixItems')) && !hasOwn(t, 'properties') ? 'array' : 'object';
  put(shape, 'type', type);
  put(shape, 'title', target.name);
  const description = siblings && typeof siblings.description === 'string' ? siblings.description : isPlainObject(t) && typeof t.description === 'string' ? t.description : undefined;
  if (description !== undefined) put(shape, 'description', description);
  // What stands beside the reference still holds where the cycle is cut: it stands beside the stub
  // (its type aside: the stub's is the target's), rather than going unsaid.
  if (siblings !== undefined) {
    for (const k in siblings) {
      if (k === 'type' || k === 'description' || k === 'title' || SILENT_KEYWORDS.has(k)) continue;
      put(shape, k, siblings[k]);
      recordOrigin(s, shape, k, tokensOf(s, siblings, k));
    }
  }
  s.madeUp.add(shape);
  s.stubs.add(shape);
  // Unrolled, the sentence says how deep the spelling goes; without a wording for that, the plain one.
  const unroll = (s.plan.references as NonNullable<Plan['references']>).unroll ?? 0;
  const label = cycleLabel(target, s.firstUse?.get(target.node) ?? s.firstUse?.get(final.node));
  const cycle: NoteEvent =
    unroll > 0 && s.plan.events.has('cycle-unrolled')
      ? { event: 'cycle-unrolled', vars: { name: target.name, label, depth: String(unroll + 1) } }
      : { event: 'cycle', vars: { name: target.name, label } };
  if (refAt !== undefined) cycle.explainAt = refAt;
  const ev: NoteEvent[] = [...(events ?? []), cycle];
  const savedTokens = s.tokens;
  s.tokens = tokenList(target.tokens);
  // A target that states no type (a union, a typeless node) is accepted in other types than the
  // stub's; a closed object stub is reported where it is closed (walk-objects.ts).
  // (A chain of references with no schema at its end accepts nothing: an error says so elsewhere.)
  const guessed = !(isPlainObject(t) && (hasOwn(t, 'type') || typeof t.$ref === 'string'));
  if (guessed && !(type === 'object' && s.plan.closed === 'all')) {
    report(s, 'recursion-cut', 'warning', `a cycle is cut here and its stub is spelled as type ${String(type)}, though the canonical schema repeats ${target.name}, which states no single type, so the spelled schema refuses its other values (the server still accepts them)`, pointer(s));
  }
  const out = walk(s, shape, atRoot, undefined, ev);
  s.tokens = savedTokens;
  return out;
}

function count(list: readonly unknown[], x: unknown): number {
  let n = 0;
  for (const y of list) if (y === x) n++;
  return n;
}

function resolvedNode(s: WalkState, ref: string, holder: JsonObject): unknown {
  const r = refIndex(s).resolve(ref, holder);
  return r.kind === 'local' ? r.target.node : undefined;
}

/** A chain of references that returns to its start without any schema in between. */
function noExit(s: WalkState, node: JsonObject, target: RefTarget): boolean {
  const seen = new Set<unknown>([node]);
  let cur: unknown = target.node;
  for (let i = 0; i < 256; i++) {
    if (seen.has(cur)) return true;
    seen.add(cur);
    if (!isPlainObject(cur) || typeof cur.$ref !== 'string') return false;
    const r = refIndex(s).resolve(cur.$ref, cur);
    if (r.kind !== 'local') return false;
    cur = r.target.node;
  }
  return false;
}

/** The node a chain of bare references ends at (for the description and type of a cycle stub). */
function finalTarget(s: WalkState, target: RefTarget): RefTarget {
  let cur = target;
  const seen = new Set<unknown>();
  while (isPlainObject(cur.node) && typeof cur.node.$ref === 'string' && !seen.has(cur.node)) {
    seen.add(cur.node);
    const r = refIndex(s).resolve(cur.node.$ref, cur.node);
    if (r.kind !== 'local') break;
    cur = r.target;
  }
  return cur;
}
