/**
 * Pass 2, references, kept definitions (docs/architecture.md): targets of kept references are
 * named and lifted into the definitions container, emitted after the root. Separate because it
 * runs around the root walk (before and after it), not at a node.
 */
import { hasOwn, isPlainObject, put, tokenList, type JsonObject } from './data.js';
import type { Plan } from './plan.js';
import type { RefTarget } from './refs.js';
import { type WalkState, PLACEHOLDER } from './walk-state.js';
import { pointer, report } from './walk-paths.js';
import { keptCycle, refGraph, refIndex } from './walk-refs.js';
import { walk } from './walk.js';
import { anyValueDefinition, anyValueReferenced } from './any-value.js';

export function registerRootDefinitions(s: WalkState, root: JsonObject): void {
  const refs = s.plan.references as NonNullable<Plan['references']>;
  if (refs.mode !== 'keep') return;
  // Most schemas have neither container: asked directly, with no list to walk, since this runs
  // once per schema converted and a process's first conversions run it unoptimized.
  if (hasOwn(root, '$defs')) registerContainer(s, '$defs', root.$defs);
  if (hasOwn(root, 'definitions')) registerContainer(s, 'definitions', root.definitions);
}

function registerContainer(s: WalkState, container: string, defs: unknown): void {
  if (!isPlainObject(defs)) return;
  const refs = s.plan.references as NonNullable<Plan['references']>;
  if (refs.unreferenced === 'drop') {
    // Only the name is taken now (a root definition's name is its key), so the definition keeps
    // it; it is walked and spelled once a reference reaches it, and whether it lies on a cycle is
    // asked then, by the reference. Nothing else is built for the ones no reference reaches.
    for (const key in defs) {
      const node = defs[key];
      if (!s.reservedNames.has(node)) s.reservedNames.set(node, { name: uniqueName(s, key), container, key, reached: false });
    }
    return;
  }
  // Built only here: most schemas have no definitions, and the index is per schema.
  const index = refIndex(s);
  for (const name in defs) {
    const target = index.targetAt([container, name], defs[name]);
    if (refs.cycles === 'break' && refGraph(s).isCyclic(target.node) && !keptCycle(s, target.node)) continue;
    definitionName(s, target);
  }
}

/** The definition's name in the spelling; the first call for a target queues it to be walked and emitted. */
export function definitionName(s: WalkState, target: RefTarget): string {
  let name = s.defNames.get(target.node);
  if (name !== undefined) return name;
  name = s.reservedNames.get(target.node)?.name ?? uniqueName(s, target.name);
  s.defNames.set(target.node, name);
  s.defQueue.push(target);
  return name;
}

function uniqueName(s: WalkState, base: string): string {
  let name = base;
  for (let i = 2; s.usedNames.has(name); i++) name = `${base}_${i}`;
  s.usedNames.add(name);
  return name;
}

export function emitDefinitions(s: WalkState, rootOut: JsonObject): JsonObject {
  const refs = s.plan.references as NonNullable<Plan['references']>;
  const container: JsonObject = {};
  // Walking a definition may queue more: the loop runs until none is left.
  const outs: unknown[] = [];
  for (let i = 0; i < s.defQueue.length; i++) {
    const target = s.defQueue[i] as RefTarget;
    const savedTokens = s.tokens;
    s.tokens = tokenList(target.tokens);
    const outer = s.levelMax;
    s.levelMax = 0;
    outs.push(walk(s, target.node, false, undefined));
    if (s.levelMax > s.counts.depth) s.counts.depth = s.levelMax;
    s.levelMax = outer;
    s.tokens = savedTokens;
  }
  if (s.reservedNames.size > 0) emitReached(s, container, outs);
  else for (let i = 0; i < outs.length; i++) emitOne(s, container, (s.defQueue[i] as RefTarget).node, outs[i]);
  // A spelling that claimed it may have been left out since (the values of a map closed and reported).
  if (s.anyValueName !== undefined && anyValueReferenced(s, [rootOut, container])) {
    s.counts.stringLength += s.anyValueName.length;
    put(container, s.anyValueName, anyValueDefinition(s));
  }
  if (s.placeholderSeen && Object.keys(container).length === 0) {
    const out: JsonObject = {};
    for (const k in rootOut) if (rootOut[k] !== PLACEHOLDER) put(out, k, rootOut[k]);
    return out;
  }
  if (Object.keys(container).length === 0) return rootOut;
  const allow = s.plan.rootTable.allow;
  if (allow && !allow.has(refs.definitionsKeyword)) {
    report(s, 'definitions-not-allowed', 'error', `the references need ${refs.definitionsKeyword} at the root, which this dialect does not admit there`, s.prefix);
  }
  if (s.placeholderSeen) {
    for (const k in rootOut) if (rootOut[k] === PLACEHOLDER) rootOut[k] = container;
    return rootOut;
  }
  put(rootOut, refs.definitionsKeyword, container);
  return rootOut;
}

function emitOne(s: WalkState, container: JsonObject, node: unknown, out: unknown): void {
  const name = s.defNames.get(node) as string;
  s.counts.stringLength += name.length;
  put(container, name, out);
}

/**
 * references.unreferenced: drop. The root definitions a reference reached come first, in the
 * order the author declared them (as a dialect that keeps them all spells them), then the other
 * targets in the order they were reached. Each root definition no reference reached is named in
 * an info; one a reference inlined (a broken cycle) is spelled there, as in a dialect that keeps all.
 */
function emitReached(s: WalkState, container: JsonObject, outs: unknown[]): void {
  const outOf = new Map<unknown, unknown>();
  for (let i = 0; i < outs.length; i++) outOf.set((s.defQueue[i] as RefTarget).node, outs[i]);
  const left: { container: string; key: string }[] = [];
  for (const [node, reserved] of s.reservedNames) {
    if (outOf.has(node)) emitOne(s, container, node, outOf.get(node));
    else if (!reserved.reached) left.push(reserved);
  }
  for (let i = 0; i < outs.length; i++) {
    const node = (s.defQueue[i] as RefTarget).node;
    if (!s.reservedNames.has(node)) emitOne(s, container, node, outs[i]);
  }
  if (left.length > 0) reportUnreferenced(s, left);
}

/** One info per definitions container: what is left out is named, never dropped silently. */
function reportUnreferenced(s: WalkState, left: readonly { container: string; key: string }[]): void {
  const byContainer = new Map<string, string[]>();
  for (const { container, key } of left) {
    let names = byContainer.get(container);
    if (names === undefined) byContainer.set(container, (names = []));
    names.push(key);
  }
  for (const [container, names] of byContainer) {
    const listed = names.map((n) => JSON.stringify(n)).join(', ');
    const message =
      names.length === 1
        ? `no reference leads to the definition ${listed}, so this dialect leaves it out`
        : `no reference leads to the definitions ${listed}, so this dialect leaves them out`;
    report(s, 'definition-unreferenced', 'info', message, pointer(s, [container]));
  }
}
