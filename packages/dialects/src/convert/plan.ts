/**
 * Compiles a dialect's rules once into lookup tables (keyword -> policy) and settings, so the walk
 * does one Map lookup per keyword and never looks at the rule list again. Cached per dialect.
 */
import type { Dialect } from '../rules/registry.js';
import type { AnyValueRule, Condition, LimitsRule, Note, Rule, Derivation, Vocabulary } from '../rules/schema.js';
import { safeStringify, type JsonObject } from './data.js';
import { KEYWORD_KIND, type Kind } from './keywords.js';
import { countingFor, type Counting } from './limits.js';
import { compileGiven, type CompiledGiven } from '../rules/jsonpath.js';
import { typeOfValue } from './any-value.js';

export type Policy =
  | { readonly kind: 'keep' }
  | { readonly kind: 'drop' }
  | { readonly kind: 'keepWhen'; readonly test: (value: unknown, node: JsonObject) => boolean }
  | { readonly kind: 'rename'; readonly to: string; readonly note: boolean };

export const KEEP: Policy = { kind: 'keep' };
export const DROP: Policy = { kind: 'drop' };

export interface PolicyTable {
  readonly policies: ReadonlyMap<string, Policy>;
  /** What a keyword no rule mentions gets. */
  readonly other: Policy;
  /** When set (the root allowlist), every other keyword is dropped. */
  readonly allow?: ReadonlySet<string>;
  /** One lookup per keyword in the walk: its policy and what it holds. */
  readonly entries: ReadonlyMap<string, Entry>;
  /** The entry of a keyword that is neither mentioned nor a subschema keyword. */
  readonly fallback: Entry;
}

export interface Entry {
  readonly policy: Policy;
  readonly kind: Kind | undefined;
  /** The keyword's value must be a number. */
  readonly numeric: boolean;
}

const NUMERIC_KEYWORDS: ReadonlySet<string> = new Set([
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength',
  'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains',
]);

/** Builds the lookup entries of a table from its policies. */
export function makeTable(policies: ReadonlyMap<string, Policy>, other: Policy, allow?: ReadonlySet<string>): PolicyTable {
  const policyOf = (k: string): Policy => (allow && !allow.has(k) ? DROP : (policies.get(k) ?? other));
  const entries = new Map<string, Entry>();
  for (const k of new Set([...policies.keys(), ...KEYWORD_KIND.keys(), ...NUMERIC_KEYWORDS, ...(allow ?? [])])) {
    entries.set(k, { policy: policyOf(k), kind: KEYWORD_KIND.get(k), numeric: NUMERIC_KEYWORDS.has(k) });
  }
  return { policies, other, ...(allow ? { allow } : {}), entries, fallback: { policy: allow ? DROP : other, kind: undefined, numeric: false } };
}

export interface ReferencesPlan {
  readonly mode: 'keep' | 'inline';
  readonly cycles: 'keep' | 'break';
  readonly definitionsKeyword: string;
  readonly refKeyword: string;
  readonly refPrefix: string;
  readonly siblings: 'keep' | 'wrap-anyof' | 'merge' | 'describe';
  /** With siblings: describe, the keywords that stay beside a reference. */
  readonly keptBeside?: readonly string[];
  /** With cycles: break, the extra levels a cycle is inlined before its stub. */
  readonly unroll?: number;
  readonly keepCyclesThrough?: readonly ('optional-property' | 'optional-items')[];
  /** With mode: keep, whether root definitions no reference leads to are spelled. */
  readonly unreferenced: 'keep' | 'drop';
}

export interface CompiledNote {
  readonly keywords: readonly string[];
  readonly when?: ReadonlyArray<readonly [string, string]>;
  /** Applies only where these of its keywords hold the same value (JSON text). */
  readonly equal: readonly string[] | undefined;
  /** Said after the node's other note sentences. */
  readonly last: boolean;
  readonly text: string;
  /** The sentence in words (words.ts), tried before `text`. */
  readonly words?: string;
}

export interface GivenOverlay {
  /** the rule's id, for diagnostics */
  readonly ruleId: string;
  /** the JSONPath, compiled once per plan */
  readonly given: CompiledGiven;
  /** matched against the canonical input node (selected once per schema) or the node as spelled */
  readonly on: 'authored' | 'spelled';
  readonly scope: 'all' | 'root' | 'below-root';
  readonly policies: ReadonlyMap<string, Policy>;
}

export interface Plan {
  readonly dialectId: string;
  /** No rules and other keywords kept: the output is a copy of the input. */
  readonly identity: boolean;
  readonly rootTable: PolicyTable;
  readonly belowTable: PolicyTable;
  readonly given: readonly GivenOverlay[];
  /** Policy tables of nodes that `given` rules select, by which rules matched (built once per plan). */
  readonly givenTables: Map<string, PolicyTable>;
  /** undefined: references are left exactly as authored. */
  readonly references?: ReferencesPlan;
  readonly booleans: 'keep' | 'as-objects';
  readonly nulls?: 'type-array' | 'any-of' | 'nullable-flag';
  readonly typeArrays: 'keep' | 'any-of' | 'any-of-only';
  /** The type spelling step has something to do (a null spelling other than type arrays, or type arrays rewritten). */
  readonly spellsTypes: boolean;
  readonly allOf: 'keep' | 'merge' | 'merge-deep';
  readonly constAsEnum: boolean;
  readonly closed: 'all' | 'as-authored' | 'never';
  readonly optional: 'keep' | 'required-nullable';
  readonly maps: 'keep' | 'close-and-report';
  readonly rootType?: 'object';
  readonly rootUnions: 'allow' | 'forbid' | 'merge-objects';
  /** The root keyword allowlist, applied to the finished root. */
  readonly rootAllow?: ReadonlySet<string>;
  readonly propertyNames?: RegExp;
  readonly propertyNamesSource?: string;
  readonly propertyNamesScope: 'all' | 'root' | 'below-root';
  /** The names a tool may have in this dialect (a toolNames rule), and the pattern as written. */
  readonly toolNames?: RegExp;
  readonly toolNamesSource?: string;
  readonly anyValue?: AnyValueRule & { readonly spell: Record<string, unknown> };
  /** Keywords written from the schema (derive rules), per scope. */
  readonly deriveRoot?: ReadonlyMap<string, Derivation>;
  readonly deriveBelow?: ReadonlyMap<string, Derivation>;
  /** Null taken out of an enum whose node's type admits null. */
  readonly nullInEnum: boolean;
  /** Parent keywords moved into union branches. */
  readonly unionMove?: readonly string[];
  /** A shared property a branch pins to values its parent admits is spelled with the branch's values (unionBranches.shared). */
  readonly unionSharedValues?: boolean;
  /**
   * The spelling of an object changes what it says of a name it does not declare (every object is
   * closed, or additionalProperties is dropped), so a required name is declared first (walk-required.ts).
   */
  readonly declaresRequired: boolean;
  readonly limits?: LimitsRule;
  /** What the walk counts for those limits (limits.ts); absent when it counts nothing. */
  readonly counting?: Counting;
  readonly notes: readonly CompiledNote[];
  /** Every keyword some note mentions (a dropped keyword outside this set and not a rule needs no bookkeeping). */
  readonly notedKeywords: ReadonlySet<string>;
  /** keyword -> indexes of the notes that mention it, ascending */
  readonly notesByKeyword: ReadonlyMap<string, readonly number[]>;
  readonly events: ReadonlyMap<string, string>;
  /** The sentence file's words for the notes' `words` sentences. */
  readonly vocabulary?: Vocabulary;
  /** Draft-07 spellings are rewritten to 2020-12 when the output does not keep `$schema`. */
  readonly normalizeDrafts: boolean;
  /** A tool's outputSchema: spelled like an input schema, or published as authored. */
  readonly outputSchema: 'spell' | 'as-authored';
}

const cache = new WeakMap<Dialect, Plan>();

let identityOnly: Plan | undefined;

/**
 * The plan of a dialect with no rules that keeps every keyword: what the canonical dialect does,
 * for a schema a dialect publishes as authored (`outputSchema: as-authored`), so it is checked
 * and reported exactly as canonical's would be.
 */
export function identityPlan(): Plan {
  identityOnly ??= compile({ id: 'as-authored', resolved: { rules: [], notes: [], otherKeywords: 'keep' } } as unknown as Dialect);
  return identityOnly;
}

export function planFor(dialect: Dialect): Plan {
  let plan = cache.get(dialect);
  if (!plan) {
    plan = compile(dialect);
    cache.set(dialect, plan);
  }
  return plan;
}

function compile(dialect: Dialect): Plan {
  const { rules, notes, otherKeywords } = dialect.resolved;
  const other = otherKeywords === 'drop' ? DROP : KEEP;
  const rootPolicies = new Map<string, Policy>();
  const belowPolicies = new Map<string, Policy>();
  const given: GivenOverlay[] = [];
  let references: ReferencesPlan | undefined;
  let booleans: Plan['booleans'] = 'keep';
  let nulls: Plan['nulls'];
  let typeArrays: Plan['typeArrays'] = 'keep';
  let allOf: Plan['allOf'] = 'keep';
  let constAsEnum = false;
  let closed: Plan['closed'] = 'as-authored';
  let optional: Plan['optional'] = 'keep';
  let maps: Plan['maps'] = 'keep';
  let rootType: Plan['rootType'];
  let rootUnions: Plan['rootUnions'] = 'allow';
  let allow: Set<string> | undefined;
  let propertyNames: RegExp | undefined;
  let propertyNamesSource: string | undefined;
  let propertyNamesScope: Plan['propertyNamesScope'] = 'all';
  let toolNames: RegExp | undefined;
  let toolNamesSource: string | undefined;
  let limits: LimitsRule | undefined;
  let anyValue: Plan['anyValue'];
  let deriveRoot: Map<string, Derivation> | undefined;
  let deriveBelow: Map<string, Derivation> | undefined;
  let nullInEnum = false;
  let unionMove: string[] | undefined;
  let unionSharedValues = false;
  let outputSchema: Plan['outputSchema'] = 'spell';

  for (const rule of rules) {
    const policies = keywordPolicies(rule);
    if (policies) {
      if (rule.given !== undefined) {
        given.push({ ruleId: rule.id, given: compileGiven(rule.given), on: rule.givenNode ?? 'authored', scope: rule.scope, policies });
        continue;
      }
      for (const [k, p] of policies) {
        if (rule.scope !== 'below-root') rootPolicies.set(k, p);
        if (rule.scope !== 'root') belowPolicies.set(k, p);
      }
      continue;
    }
    // mode and spell are present: the rule-file schema requires them outside a merging rule, and a
    // merged rule is checked again whole (registry.ts).
    if (rule.references) references = { ...rule.references, mode: rule.references.mode ?? 'keep' };
    else if (rule.booleanSchemas) booleans = rule.booleanSchemas;
    else if (rule.nulls) nulls = rule.nulls;
    else if (rule.typeArrays) typeArrays = rule.typeArrays;
    else if (rule.allOf) allOf = rule.allOf;
    else if (rule.constAsEnum) constAsEnum = true;
    else if (rule.objects) ({ closed, optional, maps } = rule.objects);
    else if (rule.root) {
      rootType = rule.root.type;
      rootUnions = rule.root.unions;
      allow = rule.root.keywords ? new Set(rule.root.keywords) : undefined;
    } else if (rule.propertyNames) {
      propertyNames = new RegExp(rule.propertyNames.pattern, 'u');
      propertyNamesSource = rule.propertyNames.pattern;
      propertyNamesScope = rule.scope;
    } else if (rule.toolNames) {
      toolNames = new RegExp(rule.toolNames.pattern, 'u');
      toolNamesSource = rule.toolNames.pattern;
    } else if (rule.limits) limits = rule.limits;
    else if (rule.anyValue) anyValue = { ...rule.anyValue, spell: rule.anyValue.spell ?? {} };
    else if (rule.derive) {
      for (const [k, d] of Object.entries(rule.derive)) {
        if (rule.scope !== 'below-root') (deriveRoot ??= new Map()).set(k, d);
        if (rule.scope !== 'root') (deriveBelow ??= new Map()).set(k, d);
      }
    } else if (rule.nullInEnum) nullInEnum = true;
    else if (rule.unionBranches) {
      unionMove = [...rule.unionBranches.move];
      unionSharedValues = rule.unionBranches.shared === 'values';
    }
    else if (rule.outputSchema) outputSchema = rule.outputSchema;
  }

  // An object closure the dialect never spells is a dropped keyword like any other, so it gets its note.
  if (closed === 'never') {
    for (const m of [rootPolicies, belowPolicies]) {
      m.set('additionalProperties', DROP);
      m.set('unevaluatedProperties', DROP);
    }
  }

  const schemaPolicy = rootPolicies.get('$schema') ?? other;
  const compiledNotes = compileNotes(notes);
  const notesByKeyword = new Map<string, number[]>();
  compiledNotes.forEach((n, i) => {
    for (const k of n.keywords) {
      const list = notesByKeyword.get(k);
      if (list) list.push(i);
      else notesByKeyword.set(k, [i]);
    }
  });
  const identity = rules.length === 0 && other === KEEP;
  const counting = countingFor(limits);
  const closureDropped = [rootPolicies, belowPolicies].some((m) => (m.get('additionalProperties') ?? other).kind === 'drop');
  return {
    dialectId: dialect.id,
    identity,
    // The root pass still needs to see a root union it merges or reports, so the walk keeps it.
    rootTable: makeTable(rootPolicies, other, allow && rootUnions !== 'allow' ? new Set([...allow, 'anyOf', 'oneOf']) : allow),
    ...(allow ? { rootAllow: allow } : {}),
    belowTable: makeTable(belowPolicies, other),
    given,
    givenTables: new Map(),
    ...(references ? { references } : {}),
    booleans,
    ...(nulls ? { nulls } : {}),
    typeArrays,
    spellsTypes: (nulls !== undefined && nulls !== 'type-array') || typeArrays !== 'keep',
    allOf,
    constAsEnum,
    closed,
    optional,
    maps,
    ...(rootType ? { rootType } : {}),
    rootUnions,
    ...(propertyNames ? { propertyNames, propertyNamesSource } : {}),
    propertyNamesScope,
    ...(toolNames ? { toolNames, toolNamesSource } : {}),
    ...(anyValue ? { anyValue } : {}),
    ...(deriveRoot ? { deriveRoot } : {}),
    ...(deriveBelow ? { deriveBelow } : {}),
    nullInEnum,
    ...(unionMove ? { unionMove } : {}),
    ...(unionSharedValues ? { unionSharedValues } : {}),
    declaresRequired: !identity && (closed === 'all' || closureDropped),
    ...(limits ? { limits } : {}),
    ...(counting ? { counting } : {}),
    notes: compiledNotes,
    notedKeywords: new Set(notesByKeyword.keys()),
    notesByKeyword,
    events: new Map(notes.filter((n) => n.event !== undefined).map((n) => [n.event as string, n.text] as const).reverse()),
    ...(dialect.resolved.vocabulary ? { vocabulary: dialect.resolved.vocabulary } : {}),
    normalizeDrafts: schemaPolicy.kind !== 'keep' || (allow !== undefined && !allow.has('$schema')),
    outputSchema,
  };
}

function keywordPolicies(rule: Rule): Map<string, Policy> | undefined {
  if (rule.keep) return new Map(rule.keep.map((k) => [k, KEEP]));
  if (rule.drop) return new Map(rule.drop.map((k) => [k, DROP]));
  if (rule.keepWhen) return new Map(Object.entries(rule.keepWhen).map(([k, c]) => [k, { kind: 'keepWhen', test: compileCondition(k, c) } as Policy]));
  if (rule.rename) return new Map(Object.entries(rule.rename).map(([k, to]) => [k, { kind: 'rename', to, note: rule.noteOnRename === true } as Policy]));
  return undefined;
}

/** The test of a keepWhen condition on keyword `k` (a condition on values reads const's one value, another keyword's list). */
function compileCondition(k: string, c: Condition): (value: unknown, node: JsonObject) => boolean {
  const tests: ((v: unknown, node: JsonObject) => boolean)[] = [];
  if (c.nodeTypes !== undefined) {
    const types = new Set<string>(c.nodeTypes);
    // The node's own type as the walk holds it; null beside other types does not count against it.
    tests.push((_v, node) => {
      const t = node.type;
      if (typeof t === 'string') return types.has(t);
      if (!Array.isArray(t)) return false;
      const named = t.filter((x) => x !== 'null');
      return named.length > 0 && named.every((x) => typeof x === 'string' && types.has(x));
    });
  }
  if (c.max !== undefined) {
    const max = c.max;
    tests.push((v) => typeof v === 'number' && v <= max);
  }
  if (c.min !== undefined) {
    const min = c.min;
    tests.push((v) => typeof v === 'number' && v >= min);
  }
  if (c.in !== undefined) {
    const allowed = new Set(c.in.map((x) => JSON.stringify(x)));
    tests.push((v) => allowed.has(safeStringify(v) ?? ''));
  }
  if (c.notMatching !== undefined) {
    const res = c.notMatching.map((r) => new RegExp(r, 'u'));
    tests.push((v) => typeof v === 'string' && !res.some((re) => re.test(v)));
  }
  if (c.valuesOfType !== undefined) {
    const types = new Set<string>(c.valuesOfType);
    const fits = (x: unknown): boolean => {
      const t = typeOfValue(x);
      return types.has(t) || (t === 'integer' && types.has('number'));
    };
    tests.push(k === 'const' ? fits : (v) => (Array.isArray(v) ? v.every(fits) : fits(v)));
  }
  if (c.nonEmpty) {
    tests.push((v) => (Array.isArray(v) ? v.length > 0 : v !== null && typeof v === 'object' ? Object.keys(v).length > 0 : v !== ''));
  }
  return (v, node) => tests.every((t) => t(v, node));
}

function compileNotes(notes: readonly Note[]): CompiledNote[] {
  const out: CompiledNote[] = [];
  for (const n of notes) {
    if (!n.keywords) continue;
    const when = n.when ? Object.entries(n.when).map(([k, v]) => [k, JSON.stringify(v)] as const) : undefined;
    // One shape for every note (absent parts undefined): notes of several shapes made the optimized
    // notesFor meet new maps and be compiled again.
    out.push({ keywords: n.keywords, when, equal: n.equal, last: n.last === true, text: n.text, words: n.words });
  }
  return out;
}
