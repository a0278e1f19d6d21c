/**
 * Pass 3, nodes: the keyword policies (docs/architecture.md, docs/rule-format.md). Each keyword of
 * an object node is kept, renamed, dropped or kept when its test holds, sub-schemas are walked, and
 * explain records each outcome; then the node's later steps run in their documented order.
 * Separate because it is the one loop every object node passes through.
 */
import { hasOwn, isPlainObject, notJsonReason, own, put, tokenList, type JsonObject } from './data.js';
import { constrainsNoneOf, constrainsNoValueHere, Kind, RULE_KEYWORDS, SILENT_KEYWORDS } from './keywords.js';
import { admittedTypes } from '../type-names.js';
import { nullAsAnyOf, spellTypes } from './nulls.js';
import { DROP, type Plan, type PolicyTable } from './plan.js';
import { constrainsNothing, policyOf } from './node-rules.js';
import { tableFor } from './walk-given.js';
import { type WalkState, type NoteEvent, type Explanation, SKIP, PLACEHOLDER } from './walk-state.js';
import { at, pointer, propertyPointer, report } from './walk-paths.js';
import { copyAt, copy } from './walk-copy.js';
import { draft07Spelling, splitDependencies } from './walk-read.js';
import { checkRef } from './walk-refs.js';
import { falseUnspellable } from './walk-boolean.js';
import { mergeAllOf, constAsEnum, nullableIntoType, nullOutOfValues, typeAdmitsNull, typeRefusesAllValues, valuesWithinType } from './walk-merge.js';
import { moveIntoBranches } from './walk-branches.js';
import { pinnedObjects } from './walk-pinned.js';
import { asksNames, declareRequired } from './walk-required.js';
import { branchesBesideUnevaluated, declareEvaluated, evaluatedBeside } from './walk-evaluated.js';
import { branchesWithParentNames } from './walk-branch-names.js';
import { IN_PLACE_APPLICATORS } from '../in-place.js';
import { acceptsNoValue } from '../accepts-no-value.js';
import { clip } from '../clip.js';
import { noValueReason } from '../no-value.js';
import { nameSchemas } from '../name-schemas.js';
import { deriveKeywords } from './walk-derive.js';
import { finishObjects } from './walk-objects.js';
import { anyValue, describe } from './walk-describe.js';
import { excludedTypes, nullCarrierType, withoutExcluded } from './any-value.js';
import { walk, walkArray, walkMap } from './walk.js';

/**
 * A union branch under its parent's one type, as a keepWhen test reads it: the branch is spelled
 * with that type (anyValue, walk-describe.ts), so a condition on the node's type (`nodeTypes`)
 * reads it too.
 */
function withType(node: JsonObject, type: string): JsonObject {
  const out: JsonObject = { type };
  for (const k in node) put(out, k, node[k]);
  return out;
}

/** What the walk asks noValueReason: values outside their type are said where they are dropped (below). */
const WALK_READING = Object.freeze({ ranges: true, values: false });

/** An object node: the rewrites before its keywords, each keyword by its policy, then the node's later steps. */
export function walkObject(s: WalkState, node: JsonObject, atRoot: boolean, events: NoteEvent[] | undefined, keyword?: string, besideRef = false): unknown {
  const plan = s.plan;
  const canonical = node;
  const inherited = s.inheritType;
  s.inheritType = undefined;
  // Said before any rewrite hides it (an allOf merged, a const read as enum): lint says the same.
  const noValue = noValueReason(canonical, WALK_READING);
  if (noValue !== undefined) report(s, 'accepts-nothing', 'warning', `the canonical schema accepts no value here: ${noValue}; the spelled schema may accept values here, which the server refuses`, pointer(s));
  if (plan.allOf !== 'keep' && Array.isArray(own(node, 'allOf'))) node = mergeAllOf(s, node);
  if (own(node, 'nullable') === true && hasOwn(node, 'type') && !plan.identity) node = nullableIntoType(s, node);
  if (!plan.identity && hasOwn(node, 'type') && Array.isArray(own(node, 'enum'))) node = valuesWithinType(s, node);
  if (plan.constAsEnum && hasOwn(node, 'const')) node = constAsEnum(s, node);
  let nullFromValues = false;
  if (plan.nulls === 'nullable-flag' && (hasOwn(node, 'enum') || own(node, 'const') === null)) {
    const stripped = nullOutOfValues(s, node);
    nullFromValues = stripped !== node;
    node = stripped;
  } else if (plan.nullInEnum && Array.isArray(own(node, 'enum')) && (node.enum as unknown[]).some((v) => v !== null) && typeAdmitsNull(node.type)) {
    const stripped = nullOutOfValues(s, node, true);
    if (stripped !== node) events = [...(events ?? []), { event: 'enum-null', vars: {} }];
    node = stripped;
  }
  if ((plan.closed === 'all' || plan.anyValue !== undefined) && (hasOwn(node, 'const') || hasOwn(node, 'enum'))) node = pinnedObjects(s, node, plan.closed === 'all');
  // Only where the node is a value's own schema: in an in-place branch (a union, allOf, not, a
  // condition) the object beside it declares the properties, and a branch that declared them again
  // would say "any value" of a property its parent types, or change what a `not` refuses. Before
  // the branches move or take their parent's names, so the names it declares go with them.
  // Names a branch beside an unevaluatedProperties evaluates first, so the required names find them declared.
  if (plan.declaresRequired && branchesBesideUnevaluated(node)) {
    const read = declareEvaluated(s, node);
    node = read.node;
    if (read.conditional.length > 0) events = [...(events ?? []), { event: 'evaluated-where', vars: { names: read.conditional.join(', '), count: String(read.conditional.length), quoted: read.conditional.map((n) => JSON.stringify(n)).join(', ') } }];
  }
  if (plan.declaresRequired && (keyword === undefined || !IN_PLACE_APPLICATORS.includes(keyword)) && asksNames(node)) node = declareRequired(s, node, plan.closed === 'all');
  if (plan.unionMove !== undefined && (Array.isArray(own(node, 'anyOf')) || Array.isArray(own(node, 'oneOf')))) node = moveIntoBranches(s, node, plan.unionMove, plan.unionSharedValues === true, (k) => droppedHere(plan, atRoot, k));
  // Closed one by one, branches beside properties would refuse the names their parent declares;
  // where nothing closes them, one that requires a name it does not declare needs the parent's.
  if (plan.declaresRequired && hasOwn(node, 'properties') && (hasOwn(node, 'anyOf') || hasOwn(node, 'oneOf') || hasOwn(node, 'allOf'))) node = branchesWithParentNames(s, node, plan.closed === 'all');
  // The base table unless the plan has `given` rules (tableFor): taken here without a call, at every node.
  const table = plan.given.length === 0 ? (atRoot ? plan.rootTable : plan.belowTable) : tableFor(s, canonical, node, atRoot);
  const refs = plan.references;
  const normalize = s.normalize;
  const explain = s.explain !== undefined && !s.madeUp.has(node) ? s.explain : undefined;
  const readAs = explain ? s.readAs?.get(node) : undefined;
  let out: JsonObject = {};
  let dropped: [string, unknown][] | undefined;
  let renamedNotes: Set<string> | undefined;
  let inputKeys: Map<string, string> | undefined;
  let explainRanges: Map<string, [number, number]> | undefined;
  // Where in s.diags the walks of additionalProperties and patternProperties reported (a map closed later takes those back).
  let mapDiagnostics: [number, number][] | undefined;
  let mayCollide = normalize;
  let itemsFalse = false;
  let itemsFalseKey = 'items';
  let falseNames: string[] | undefined;
  const counting = plan.counting;
  const levels = counting !== undefined && counting.depth;
  const outerLevel = s.levelMax;
  if (levels) s.levelMax = 0;

  for (const key in node) {
    // A closure that accepts no value ({not: true}, {not: {}}) says what `false` says, and is read
    // so: spelled false, worded "No other properties are accepted.", never walked as a value schema.
    const value = (key === 'additionalProperties' || key === 'unevaluatedProperties') && !plan.identity && acceptsNoValue(node[key]) ? false : node[key];
    let k = key;
    if (normalize) {
      const n = draft07Spelling(s, node, key, value);
      if (n === null) continue;
      if (n === 'dependencies') {
        // What the dialect drops of it is noted like any dropped keyword, at /dependencies.
        for (const part of splitDependencies(s, value, out, table)) {
          (dropped ??= []).push(part);
          (inputKeys ??= new Map()).set(part[0], key);
        }
        continue;
      }
      k = n;
    }
    // An author's `nullable` that is left (beside a type it went into the type, above) says nothing
    // the dialect's own flag should repeat: the flag is written from the types.
    if (k === 'nullable' && plan.nulls === 'nullable-flag') continue;
    if (refs !== undefined) {
      if (k === '$defs' || k === 'definitions') {
        const rootDefinitions = node === s.root && s.depth === 1;
        if (rootDefinitions && refs.mode === 'keep' && !s.placeholderSeen) {
          s.placeholderSeen = true;
          put(out, refs.definitionsKeyword, PLACEHOLDER);
        }
        // Definitions kept where and as they were are silent, as in a dialect that keeps every keyword.
        if (explain && !(rootDefinitions && refs.mode === 'keep' && key === refs.definitionsKeyword)) explain.push(definitionsFate(at(s, node, key), key, refs, rootDefinitions));
        continue;
      }
    } else if ((k === '$ref' || k === '$dynamicRef') && typeof value === 'string') {
      checkRef(s, value, node, k);
    }

    const entry = table.entries.get(k) ?? table.fallback;
    // Beside a reference a reader may keep only some keywords (siblings: describe): the others are
    // dropped there with their sentence, as a keyword the dialect drops everywhere is.
    const policy = besideRef && refs?.siblings === 'describe' && refs.keptBeside?.includes(k) !== true && !SILENT_KEYWORDS.has(k) ? DROP : entry.policy;
    let outKey = k;
    if (policy.kind === 'drop' || (policy.kind === 'keepWhen' && !policy.test(value, inherited === undefined || hasOwn(node, 'type') ? node : withType(node, inherited)))) {
      if (k === 'description' && typeof value === 'string' && value !== '') {
        report(s, 'description-lost', 'warning', `this dialect admits no description here, so the author's description is not carried: ${JSON.stringify(clip(value, 80))}`, at(s, node, key));
      }
      // A numeric keyword with another value is refused by the meta-schema check (check-input.ts)
      // and left out with no sentence: a sentence would state a rule the schema does not have.
      // notJsonReason is asked first, for every dropped numeric keyword: asked only for the rare
      // non-number, its call had no feedback when walkObject was first optimized, and reaching it
      // threw that compile away in the first pass of a process (same answer in either order).
      const invalidNumber = entry.numeric && notJsonReason(value) === undefined && typeof value !== 'number';
      if (!invalidNumber && (plan.notedKeywords.has(k) || RULE_KEYWORDS.has(k)) && !constrainsNothing(k, value) && !outEvaluated(node, k) && !constrainsNoValueHere(node, k)) {
        if ((k === 'unevaluatedItems' || k === 'unevaluatedProperties') && evaluatedBeside(node, k)) {
          // "Further items must match false." beside a contains or an allOf that evaluates items
          // would say something false; what it refuses is told per value, by what those evaluate.
          report(s, 'rule-lost', 'warning', `what ${k} refuses here depends on what the subschemas beside it evaluate (contains, branches, a reference), which no sentence of this dialect can state; it is not carried (the server still applies it)`, at(s, node, key));
          continue;
        }
        // A dropped value may still be rendered into a sentence: it must be JSON data too.
        if (typeof value !== 'string' && typeof value !== 'boolean') copyAt(s, value, node, key);
        (dropped ??= []).push([k, value]);
        if (k !== key) (inputKeys ??= new Map()).set(k, key);
      }
      continue;
    }
    // Where this keyword's own explain entry goes: a map closed later takes it back with its contents.
    const keywordMark = explain !== undefined ? explain.length : -1;
    if (policy.kind === 'rename') {
      outKey = policy.to;
      mayCollide = true;
      if (policy.note) {
        // The sentence states the canonical rule the new name loses (oneOf's "exactly one"), so it
        // reads the canonical branches, not the ones a rewrite above moved the parent's names into.
        (dropped ??= []).push([k, hasOwn(canonical, key) ? canonical[key] : value]);
        (renamedNotes ??= new Set()).add(k);
      }
      if (explain) explain.push({ path: at(s, node, key), keyword: readAs?.get(key) ?? key, outcome: 'renamed', detail: `spelled ${policy.to}` });
    } else if (explain && !SILENT_KEYWORDS.has(k) && !s.madeUpKeys?.get(node)?.has(key)) {
      const from = readAs?.get(key);
      explain.push(from ? { path: at(s, node, key), keyword: from, outcome: 'renamed', detail: `spelled ${k}` } : { path: at(s, node, key), keyword: key, outcome: 'kept', detail: 'kept as a keyword' });
    }
    // Input keys are unique; only a renamed or re-read keyword can meet one already written.
    if ((mayCollide || outKey !== key) && hasOwn(out, outKey)) {
      report(s, 'rename-conflict', 'warning', `${k} would be spelled ${outKey}, which the schema already has; it is dropped`, at(s, node, key));
      (dropped ??= []).push([k, value]);
      continue;
    }

    const kind = entry.kind;
    let v: unknown;
    if (kind === undefined) {
      v = copy(s, value, key);
      if (k === 'enum' && plan.limits?.largeEnum) checkLargeEnum(s, node, key, value);
    } else {
      const origin = s.origins === undefined ? undefined : s.origins.get(node)?.get(key);
      const saved = s.tokens;
      if (origin) s.tokens = tokenList(origin);
      else saved.push(key);
      const map = k === 'additionalProperties' || k === 'patternProperties';
      const mark = map ? keywordMark : -1;
      const diagMark = map ? s.diags.length : -1;
      if (value === false && k === 'items' && falseUnspellable(s)) v = SKIP;
      else if (kind === Kind.Sub) v = walk(s, value, false, k);
      else if (kind === Kind.Arr && Array.isArray(value)) v = walkArray(s, value, k, (k === 'anyOf' || k === 'oneOf') && typeof node.type === 'string' ? node.type : undefined);
      else if (kind === Kind.Map && isPlainObject(value)) v = walkMap(s, value, k, atRoot);
      else v = copy(s, value);
      if (origin) s.tokens = saved;
      else saved.pop();
      if (mark >= 0 && explain) (explainRanges ??= new Map()).set(k, [mark, explain.length]);
      if (diagMark >= 0 && s.diags.length > diagMark) (mapDiagnostics ??= []).push([diagMark, s.diags.length]);
    }
    if (v === SKIP) {
      itemsFalse = true;
      // `items`, or draft-07's `additionalItems`, as the input spells it.
      itemsFalseKey = key;
      // Not kept: spelled as a count below, or told in its sentence; explained there.
      if (explain && keywordMark >= 0) explain.length = keywordMark;
      continue;
    }
    if (k === 'properties' && s.falseNames !== undefined) {
      falseNames = s.falseNames;
      s.falseNames = undefined;
    }
    if (outKey === '__proto__') put(out, outKey, v);
    else out[outKey] = v;
  }
  if (itemsFalse) {
    dropped = noMoreItems(out, node, table, dropped);
    if (explain && !hasOwn(node, 'maxItems')) {
      // The count stands for `items: false`: explained at items, as spelled or as its sentence.
      if (dropped?.some(([k]) => k === 'maxItems')) (inputKeys ??= new Map()).set('maxItems', itemsFalseKey);
      else explain.push({ path: at(s, node, itemsFalseKey), keyword: itemsFalseKey, outcome: 'renamed', detail: `spelled maxItems ${String(out.maxItems)}` });
    }
  }
  if (dropped !== undefined && own(out, 'items') !== undefined && out.items !== false && dropped.some(([k]) => k === 'prefixItems')) {
    // Without its positions, the items schema stands for every item, the first ones included.
    report(s, 'items-narrowed', 'warning', 'prefixItems cannot be spelled in this dialect, so the items schema applies to the leading items too, and the spelled schema refuses leading items that only their positional schema accepts (the server still accepts them)', pointer(s));
  }
  if (falseNames !== undefined) events = leftOutProperties(s, out, node, table, falseNames, events);
  if (dropped !== undefined && dropped.some(([k]) => k === 'enum' || k === 'const') && typeRefusesAllValues(canonical)) {
    // Written as "One of: ...", the values would contradict the spelled type; they are reported instead.
    report(s, 'accepts-nothing', 'warning', `the type ${JSON.stringify(canonical.type)} admits none of the listed values, so the canonical schema accepts no value here; this dialect drops the values, so the spelled schema accepts values of that type, which the server refuses`, pointer(s));
    dropped = dropped.filter(([k]) => k !== 'enum' && k !== 'const');
  }
  if (dropped !== undefined && dropped.some(([k, v]) => k === 'additionalProperties' && v === false)) closedOutRequired(s, node);

  if (plan.identity) return out;
  // A dropped `not: {type: T}` takes T out of a type list, before the list is spelled (any-value.ts).
  if (Array.isArray(own(out, 'type')) && own(node, 'not') !== undefined && !hasOwn(out, 'not')) {
    const excluded = excludedTypes(node);
    const kept = excluded && withoutExcluded(out.type as unknown[], excluded);
    if (kept) out.type = kept.length === 1 ? kept[0] : kept;
  }
  const branch = keyword === 'anyOf' || keyword === 'oneOf';
  // Null alone under a nullable flag (type null, or an enum or const whose only value was null): the
  // any-value step spells it with the type the spell carries null on; without one it stays a bare
  // flag, reported. A union branch of null alone is folded into its parent's flag instead.
  const nullOnly = plan.nulls === 'nullable-flag' && (nullFromValues ? own(node, 'enum') === undefined && !hasOwn(node, 'const') && own(node, 'type') === undefined : isNullType(own(node, 'type')) || nullUnion(node));
  const carried = nullOnly && !branch && !besideRef && plan.anyValue !== undefined && nullCarrierType(plan.anyValue.spell) !== undefined;
  if (plan.spellsTypes) {
    s.typeNode = node;
    out = spellTypes(out, plan, nullFromValues, s, branch, nullOnly && !carried, s.output);
    if (own(out, 'nullable') === true && own(out, 'type') === undefined && Array.isArray(own(out, 'anyOf'))) s.typelessNullables.push([out, pointer(s)]);
  }
  if (plan.anyValue && !besideRef) events = anyValue(s, out, node, inherited, events, carried ? 'carried' : nullOnly ? 'bare' : undefined);
  if (plan.closed === 'all' || plan.optional === 'required-nullable') dropped = finishObjects(s, out, node, atRoot, dropped, explainRanges, false, mapDiagnostics, canonical);
  const derive = atRoot ? plan.deriveRoot : plan.deriveBelow;
  if (derive !== undefined) deriveKeywords(out, derive);
  // A typeless node spelled with a type (an object root, a type derived from properties): a rule
  // for values of other types ("Must be at least 30." beside type object) meets none the spelling admits.
  if (dropped !== undefined && !hasOwn(node, 'type') && hasOwn(out, 'type')) {
    const spelled = admittedTypes(out);
    if (spelled !== undefined) dropped = dropped.filter(([k, v]) => !constrainsNoneOf(k, v, spelled));
  }
  if (dropped !== undefined || events !== undefined) describe(s, out, node, table, dropped ?? [], renamedNotes, events, inputKeys);
  // Counted before null is spelled as a union: the wrapper moves the node's properties, values and
  // object type into its first branch, where a count of the wrapper would not find them (a nullable
  // object's 30 optional properties went uncounted under anyOf nulls).
  if (counting !== undefined) s.counts.countNode(out, plan.references?.definitionsKeyword ?? '$defs', counting);
  if (levels) {
    const t = own(out, 'type');
    const level = s.levelMax + (t === 'object' || own(out, 'properties') !== undefined || (Array.isArray(t) && t.includes('object')) ? 1 : 0);
    s.levelMax = level > outerLevel ? level : outerLevel;
  }
  if (plan.spellsTypes && plan.nulls === 'any-of') out = nullAsAnyOf(out, s);
  return out;
}

/** Whether the dialect drops this keyword at every node of this depth (a plan with `given` rules decides per node: not asked). */
function droppedHere(plan: WalkState['plan'], atRoot: boolean, keyword: string): boolean {
  if (plan.given.length > 0) return false;
  const table = atRoot ? plan.rootTable : plan.belowTable;
  return (table.entries.get(keyword) ?? table.fallback).policy.kind === 'drop';
}

/**
 * An `unevaluated*` keyword beside the keyword that evaluates everything it could reach
 * (additionalProperties, items) constrains nothing: dropping it needs no sentence.
 */
function outEvaluated(node: JsonObject, k: string): boolean {
  if (k === 'unevaluatedProperties') return hasOwn(node, 'additionalProperties');
  if (k === 'unevaluatedItems') return hasOwn(node, 'items') && !Array.isArray(node.items);
  return false;
}

/**
 * `items: false` (no items past the positional ones) spelled as a count, which every dialect
 * can say: at most as many items as there are positions.
 */
function noMoreItems(out: JsonObject, node: JsonObject, table: PolicyTable, dropped: [string, unknown][] | undefined): [string, unknown][] | undefined {
  const positions = Array.isArray(node.prefixItems) ? node.prefixItems.length : Array.isArray(node.items) ? node.items.length : 0;
  if (typeof out.maxItems === 'number' && out.maxItems <= positions) return dropped;
  const policy = policyOf(table, 'maxItems');
  if (policy.kind === 'keep' || (policy.kind === 'keepWhen' && policy.test(positions, node))) {
    out.maxItems = positions;
    return dropped;
  }
  const list = dropped ?? [];
  list.push(['maxItems', positions]);
  return list;
}

/**
 * Properties whose schema is `false` are left out (and out of `required`), with a sentence each.
 * One that is also required means the object accepts nothing: the spelling, which cannot say so,
 * accepts objects without it, so that is reported.
 */
function leftOutProperties(s: WalkState, out: JsonObject, node: JsonObject, table: PolicyTable, names: string[], events: NoteEvent[] | undefined): NoteEvent[] {
  if (Array.isArray(out.required)) {
    const required = out.required as unknown[];
    const refused = names.filter((n) => required.includes(n));
    const first = refused[0];
    if (first !== undefined) {
      report(s, 'accepts-nothing', 'warning', `${refused.map((n) => JSON.stringify(n)).join(', ')} ${refused.length === 1 ? 'is' : 'are'} required and refused at once, so the canonical schema accepts no object here; this dialect cannot spell that, so the spelled schema accepts objects without ${refused.length === 1 ? 'it' : 'them'}, which the server refuses`, propertyPointer(s, node, first));
    }
    out.required = required.filter((n) => typeof n !== 'string' || !names.includes(n));
  }
  // Properties the walk wrote only to hold refused names (walk-required.ts) say nothing once those
  // are left out; an empty list is no spelling some vendors take (they ask for a non-empty one).
  // Nor does a list emptied of refused names where the dialect keeps properties only when it holds
  // some (its policy judges the map as spelled): the false-property sentences say what it said.
  const emptied = isPlainObject(out.properties) && Object.keys(out.properties).length === 0;
  const policy = table.entries.get('properties')?.policy;
  if (emptied && (s.madeUpKeys?.get(node)?.has('properties') || (policy?.kind === 'keepWhen' && !policy.test(out.properties, node)))) {
    delete out.properties;
    if (Array.isArray(out.required) && out.required.length === 0) delete out.required;
  }
  const list = events ? [...events] : [];
  for (const name of names) list.push({ event: 'false-property', vars: { name } });
  return list;
}

/**
 * A closed object that requires a name it neither declares nor matches by a pattern accepts no
 * object; a dialect that drops the closure spells one that accepts objects holding that name,
 * which the server refuses. Reported at the first such name; what applies to a name is the one
 * answer lint's json-schema.tool-schema.required-refused reads too (src/name-schemas.ts), and a
 * pattern the linear engine cannot run is taken to match.
 */
function closedOutRequired(s: WalkState, node: JsonObject): void {
  const required = own(node, 'required');
  if (!Array.isArray(required)) return;
  const i = required.findIndex((n) => {
    if (typeof n !== 'string') return false;
    const reading = nameSchemas(node, n);
    return reading !== undefined && reading.undecided.length === 0 && reading.applied.length === 1 && reading.applied[0]!.key === undefined;
  });
  if (i < 0) return;
  report(s, 'accepts-nothing', 'warning', `${JSON.stringify(required[i])} is required, but the object is closed and does not declare it, so the canonical schema accepts no object here; this dialect does not spell the closure, so the spelled schema accepts objects holding it, which the server refuses`, at(s, node, 'required', String(i)));
}

/** A string enum past the dialect's size for large enums is reported (it is still kept). */
function checkLargeEnum(s: WalkState, node: JsonObject, key: string, value: unknown): void {
  const large = s.plan.limits?.largeEnum;
  if (!large || !Array.isArray(value) || value.length <= large.over || !value.every((v) => typeof v === 'string')) return;
  let chars = 0;
  for (const v of value as string[]) chars += v.length;
  if (chars > large.maxChars) {
    report(s, 'limit-exceeded', 'error', `a string enum of ${value.length} values totals ${chars} characters; this dialect allows ${large.maxChars} for an enum over ${large.over} values`, at(s, node, key));
  }
}

/** What explain says of a `$defs` (or draft-07 `definitions`) keyword the output does not keep as it stands: re-spelled, hoisted, or written out where referenced. */
function definitionsFate(path: string, key: string, refs: NonNullable<Plan['references']>, atRoot: boolean): Explanation {
  const detail = refs.mode !== 'keep' ? 'written out in place where referenced' : atRoot ? `spelled ${refs.definitionsKeyword}` : `moved to the root ${refs.definitionsKeyword}`;
  return { path, keyword: key, outcome: 'renamed', detail };
}

/** A typeless node whose anyOf or oneOf branches each accept null alone (`{anyOf: [{type: null}]}`), at any depth. */
function nullUnion(node: JsonObject): boolean {
  if (hasOwn(node, 'type')) return false;
  const union = own(node, 'anyOf') ?? own(node, 'oneOf');
  return Array.isArray(union) && union.length > 0 && union.every((b) => isPlainObject(b) && (isNullType(own(b, 'type')) || own(b, 'const') === null || nullUnion(b)));
}

/** `"null"`, or a type list of nothing but null. */
function isNullType(t: unknown): boolean {
  return t === 'null' || (Array.isArray(t) && t.length > 0 && t.every((x) => x === 'null'));
}
