/**
 * Pass 2, references, kept definitions (docs/architecture.md): targets of kept references are
 * named and lifted into the definitions container, emitted after the root. Separate because it
 * runs around the root walk (before and after it), not at a node.
 */
import { hasOwn, isPlainObject, put, tokenList, type JsonObject } from './data.js';
import type { Plan } from './plan.js';
import type { RefTarget } from './refs.js';
import { type WalkState, PLACEHOLDER } from './walk-state.js';
import { report } from './walk-paths.js';
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
  // Built only here: most schemas have no definitions, and the index is per schema.
  const index = refIndex(s);
  for (const name in defs) {
    const target = index.targetAt([container, name], defs[name]);
    if (refs.cycles === 'break' && refGraph(s).isCyclic(target.node) && !keptCycle(s, target.node)) continue;
    definitionName(s, target);
  }
}

export function definitionName(s: WalkState, target: RefTarget): string {
  let name = s.defNames.get(target.node);
  if (name !== undefined) return name;
  name = target.name;
  for (let i = 2; s.usedNames.has(name); i++) name = `${target.name}_${i}`;
  s.usedNames.add(name);
  s.defNames.set(target.node, name);
  s.defQueue.push(target);
  return name;
}

export function emitDefinitions(s: WalkState, rootOut: JsonObject): JsonObject {
  const refs = s.plan.references as NonNullable<Plan['references']>;
  const container: JsonObject = {};
  for (let i = 0; i < s.defQueue.length; i++) {
    const target = s.defQueue[i] as RefTarget;
    const savedTokens = s.tokens;
    s.tokens = tokenList(target.tokens);
    const outer = s.levelMax;
    s.levelMax = 0;
    const out = walk(s, target.node, false, undefined);
    if (s.levelMax > s.counts.depth) s.counts.depth = s.levelMax;
    s.levelMax = outer;
    s.tokens = savedTokens;
    const name = s.defNames.get(target.node) as string;
    s.counts.stringLength += name.length;
    put(container, name, out);
  }
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
