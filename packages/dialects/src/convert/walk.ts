/**
 * The interpreter's walk over one schema (docs/architecture.md): every node is visited once per
 * place it appears in the output and a new object is built for it. Per schema, in order:
 *
 * 1. read: the draft from `$schema`; draft-07 spellings read as 2020-12 when the output does not
 *    keep `$schema`; guards (depth, cyclic objects, non-JSON values, the size cap) as nodes are met.
 * 2. references: at a `$ref` the plan keeps it (re-spelled, targets lifted into definitions),
 *    inlines it, or breaks a cycle at its re-entry; kept definitions are emitted after the root.
 * 3. nodes, per node: before its keywords, allOf merged, const read as enum, null taken out of enum
 *    (under a nullable flag, or nullInEnum), an object pinned by const or enum spelled with its
 *    properties where every object is closed (walk-pinned.ts), a name a branch beside an
 *    unevaluatedProperties evaluates, then a required name the object does not declare, declared
 *    (walk-evaluated.ts, walk-required.ts), parent properties moved into union branches or the
 *    branches given their parent's names (walk-branches.ts, walk-branch-names.ts); the
 *    `given` rules that hold there (walk-given.ts); then each keyword by its policy (kept,
 *    renamed, dropped, kept when); booleans as objects; then type and null spelling, the
 *    any-value spelling, objects (closure, optional as nullable), derived keywords, and the
 *    description sentences for what was dropped.
 * 4. root: unions merged or reported, the root type, the root keyword allowlist.
 * 5. limits are counted as nodes finish (limits.ts); property names are checked where they stand.
 *
 * Pointers are built only for diagnostics and explain; inside objects the walk built from several
 * input places (a merged allOf, a `$ref` with siblings) an origin map keeps them pointing into the input.
 *
 * This module holds the walker and the dispatch at each subschema position; each pass lives in its
 * own walk-*.ts module, in the order above, sharing one WalkState (walk-state.ts).
 */
import type { Diagnostic } from '../diagnostics.js';
import { identityPlan, type Plan } from './plan.js';
import { identityCopy, refsResolveCleanly } from './identity.js';
import type { LimitCounts } from './limits.js';
import { readDraft } from './walk-read.js';
import { registerRootDefinitions, emitDefinitions } from './walk-definitions.js';
import { carryPresence, presenceUnion, rootPass } from './walk-root.js';
import { isPlainObject, notJsonReason, own, put, tokenList, type JsonObject } from './data.js';
import { WalkState, SKIP, type Explanation, type NoteEvent, type WalkLimits } from './walk-state.js';
import { pointer, report, fatal, tooDeep, tooLarge, tokensPointer } from './walk-paths.js';
import { copy } from './walk-copy.js';
import { refIndex, walkRef } from './walk-refs.js';
import { refOutOfAllOf } from './walk-merge.js';
import { dynamicAsRef, dynamicRefReadsAsRef } from './walk-dynamic.js';
import { walkBoolean, falseUnspellable } from './walk-boolean.js';
import { ANNOTATION_KEYWORDS } from './keywords.js';
import { acceptsNoValue } from '../accepts-no-value.js';
import { clip } from '../clip.js';
import { walkObject } from './walk-node.js';
import { typeNullables } from './nullable-type.js';
import { reportGivenFailures } from './walk-given.js';

export type { Explanation, WalkLimits } from './walk-state.js';

// What an idle walker holds instead of a caller's list; nothing is pushed to it (only a taken walker converts).
const NO_DIAGNOSTICS: Diagnostic[] = [];

export class SchemaWalker {
  readonly #s: WalkState;
  #busy = false;

  constructor(plan: Plan, limits: WalkLimits, diags: Diagnostic[], explain?: Explanation[]) {
    this.#s = new WalkState(plan, limits, diags, explain);
  }

  /**
   * Takes a kept walker for one conversion, handing it that conversion's diagnostics list (its
   * per-schema state is reset by convertSchema); false when it is already in use.
   */
  take(diags: Diagnostic[]): boolean {
    if (this.#busy) return false;
    this.#busy = true;
    this.#s.diags = diags;
    return true;
  }

  /** Gives a taken walker back after a normal return; it keeps no hold on that conversion's diagnostics. */
  release(): void {
    this.#s.diags = NO_DIAGNOSTICS;
    this.#busy = false;
  }

  /** The depth and size bounds this walker stops at. */
  get limits(): WalkLimits {
    return this.#s.limits;
  }

  /** Size counts of the current output schema, kept as nodes finish (only when the dialect has limits). */
  get counts(): LimitCounts {
    return this.#s.counts;
  }

  /**
   * Converts one schema; `prefix` is its JSON pointer inside the caller's input. `output`: it is a
   * tool's outputSchema, which MCP clients compile with Ajv (nullable-type.ts). Throws Fatal.
   */
  convertSchema(root: unknown, prefix: string, output = false): unknown {
    const s = this.#s;
    s.root = root;
    s.prefix = prefix;
    s.output = output;
    // The walker is reused for every schema of one input; a fatal stop discards it, so after a
    // normal return the stacks are already empty and only the per-schema caches need clearing.
    s.tokens.length = 0;
    s.path.length = 0;
    s.inlining.length = 0;
    s.inlineNodes.length = 0;
    s.closureMerges.length = 0;
    s.depth = 0;
    s.nodes = 0;
    s.refs = undefined;
    if (s.defNames.size > 0) s.defNames.clear();
    if (s.reservedNames.size > 0) s.reservedNames.clear();
    if (s.usedNames.size > 0) s.usedNames.clear();
    s.defQueue.length = 0;
    s.graph = undefined;
    s.stoppable = undefined;
    s.givenSets = undefined;
    s.givenCounts = undefined;
    s.placeholderSeen = false;
    s.anyValueName = undefined;
    s.typelessNullables.length = 0;
    s.dynamicAsRef = undefined;
    s.composedParts = undefined;
    s.firstUse = undefined;
    s.counts.reset();
    s.levelMax = 0;
    readDraft(s, root);
    // A root union that only says which properties are sent, where the root admits no union: the
    // rest of the root is spelled, the union said in words (walk-root.ts).
    const presence = presenceUnion(s, root);
    if (presence) s.root = root = presence.rest;

    const refs = s.plan.references;
    if (refs && isPlainObject(root)) registerRootDefinitions(s, root);
    let out = walk(s, root, true, undefined);
    if (refs && (s.defQueue.length > 0 || s.reservedNames.size > 0 || s.placeholderSeen || s.anyValueName !== undefined) && isPlainObject(out)) out = emitDefinitions(s, out);
    if (!s.plan.identity && isPlainObject(out)) out = rootPass(s, out);
    if (presence && isPlainObject(out)) carryPresence(s, out, presence);
    if (s.typelessNullables.length > 0 && isPlainObject(out)) typeNullables(s, out);
    if (s.counts.depth < s.levelMax) s.counts.depth = s.levelMax;
    if (s.givenCounts !== undefined) reportGivenFailures(s);
    return out;
  }

  /**
   * A schema the dialect publishes as authored (a tool's outputSchema under `outputSchema:
   * as-authored`), done as the canonical dialect does it: one guarded copy, and the identity walk
   * where there is something to report (a reference that dangles or leaves the document, a
   * `$schema` the check does not read, a value that is not JSON), with canonical's diagnostics.
   */
  copyAsAuthored(root: unknown, prefix: string): unknown {
    const s = this.#s;
    const copied = identityCopy(root, s.limits.maxDepth, s.limits.maxNodes);
    const clean = copied !== undefined && !copied.oddSchema && (!copied.sawRef || refsResolveCleanly(root));
    const out = clean ? copied.output : new SchemaWalker(identityPlan(), s.limits, s.diags).convertSchema(root, prefix);
    s.explain?.push({ path: prefix, keyword: prefix.slice(prefix.lastIndexOf('/') + 1), outcome: 'kept', detail: "published as authored (the dialect's outputSchema rule)" });
    return out;
  }
}

/** Any subschema position. `keyword` is the keyword holding it (for booleans in closure positions). */
export function walk(s: WalkState, node: unknown, atRoot: boolean, keyword: string | undefined, events?: NoteEvent[]): unknown {
  if (typeof node === 'boolean') return walkBoolean(s, node, atRoot, keyword);
  if (!isPlainObject(node)) {
    const reason = notJsonReason(node);
    if (reason) fatal('not-json', `${reason} (where a schema was expected)`, pointer(s));
    // Reported by the meta-schema check (check-input.ts); copied as it is.
    return copy(s, node);
  }
  if (++s.depth > s.limits.maxDepth) tooDeep(s);
  if (++s.nodes > s.limits.maxNodes) tooLarge(s);
  // The input's node stands on the path (cycles are counted by it), whatever the walk reads there.
  s.path.push(node);
  const refs = s.plan.references;
  const read = refs && s.plan.allOf !== 'keep' && Array.isArray(own(node, 'allOf')) ? refOutOfAllOf(s, node) : node;
  const out = !refs
    ? walkObject(s, read, atRoot, events, keyword)
    : typeof own(read, '$ref') === 'string'
      ? walkRef(s, read, atRoot, events)
      : typeof own(read, '$dynamicRef') === 'string' && dynamicRefReadsAsRef(s)
        ? walkRef(s, dynamicAsRef(s, read), atRoot, events)
        : walkObject(s, read, atRoot, events, keyword);
  s.path.pop();
  s.depth--;
  return out;
}

/** The subschemas of an array keyword (anyOf, oneOf, prefixItems, ...); typeless union branches take the parent's type. */
export function walkArray(s: WalkState, value: unknown[], keyword: string, inheritType?: string): unknown[] {
  // A union branch that accepts nothing adds nothing to the union; where the dialect cannot spell
  // "nothing", it is left out rather than spelled as a branch that accepts something.
  const union = keyword === 'anyOf' || keyword === 'oneOf';
  const leaveOut = union && value.some(acceptsNoValue) && !value.every(acceptsNoValue) && falseUnspellable(s);
  // Grown by push, so it has the shape a parsed array has (see copyJsonData in json-copy.ts).
  const arr: unknown[] = [];
  const origin = s.origins?.get(value);
  for (let i = 0; i < value.length; i++) {
    const o = origin?.get(String(i));
    const saved = s.tokens;
    if (o) s.tokens = tokenList(o);
    else saved.push(String(i));
    s.inheritType = inheritType;
    arr.push(leaveOut && acceptsNoValue(value[i]) ? SKIP : walk(s, value[i], false, keyword));
    s.inheritType = undefined;
    if (o) s.tokens = saved;
    else saved.pop();
  }
  return leaveOut ? arr.filter((v) => v !== SKIP) : arr;
}

/**
 * A bare local reference (annotations beside it at most) that leads, through such references, to a
 * schema that accepts nothing: a property behind it is refused as surely as a `false` one.
 */
function refToNothing(s: WalkState, v: unknown): boolean {
  for (let hops = 0; hops < 32; hops++) {
    const ref = isPlainObject(v) ? own(v, '$ref') : undefined;
    if (typeof ref !== 'string') return false;
    for (const k in v as JsonObject) if (k !== '$ref' && !ANNOTATION_KEYWORDS.has(k)) return false;
    const r = refIndex(s).resolve(ref, v);
    if (r.kind !== 'local') return false;
    if (acceptsNoValue(r.target.node)) return true;
    v = r.target.node;
  }
  return false;
}

/** The subschemas of a map keyword (properties, $defs, ...); property names are checked where they stand. */
export function walkMap(s: WalkState, value: JsonObject, keyword: string, parentAtRoot: boolean): JsonObject {
  const map: JsonObject = {};
  const origin = s.origins?.get(value);
  const scope = s.plan.propertyNamesScope;
  const names = keyword === 'properties' && (scope === 'all' || (scope === 'root') === parentAtRoot) ? s.plan.propertyNames : undefined;
  // Kept apart until the map is done: the properties walked after a false one have maps of their own.
  let falseNames: string[] | undefined;
  for (const name in value) {
    const o = origin?.get(name);
    const saved = s.tokens;
    if (o) s.tokens = tokenList(o);
    else saved.push(name);
    if (names !== undefined && !names.test(name)) {
      // A name the walk declared for a required entry is that entry's fault, not its schema's.
      const declaredAt = s.declaredAt?.get(value)?.get(name);
      report(s, 'property-name-rejected', 'error', `the property name ${JSON.stringify(name)} does not match ${s.plan.propertyNamesSource}; renaming it would change what callers send, so it is reported`, declaredAt ? tokensPointer(s, declaredAt) : pointer(s));
    }
    if (keyword === 'properties' && (acceptsNoValue(value[name]) || refToNothing(s, value[name])) && falseUnspellable(s)) {
      (falseNames ??= []).push(name);
      // The property leaves the spelling, and the author's words about it with it: said, not dropped silently.
      const words = own(value[name] as object, 'description');
      if (typeof words === 'string' && words !== '') {
        report(s, 'description-lost', 'warning', `the property ${JSON.stringify(name)} accepts no value and is left out (this dialect cannot spell false; the object's description says it must not be sent), so the author's description of it is not carried: ${JSON.stringify(clip(words, 80))}`, pointer(s));
      }
      if (o) s.tokens = saved;
      else saved.pop();
      continue;
    }
    const v = walk(s, value[name], false, keyword);
    if (name === '__proto__') put(map, name, v);
    else map[name] = v;
    if (o) s.tokens = saved;
    else saved.pop();
  }
  s.falseNames = falseNames;
  return map;
}
