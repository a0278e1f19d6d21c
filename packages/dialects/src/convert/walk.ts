/**
 * The interpreter's walk over one schema (docs/architecture.md): every node is visited once per
 * place it appears in the output and a new object is built for it. Per schema, in order:
 *
 * 1. read: the draft from `$schema`; draft-07 spellings read as 2020-12 when the output does not
 *    keep `$schema`; guards (depth, cyclic objects, non-JSON values, the size cap) as nodes are met.
 * 2. references: at a `$ref` the plan keeps it (re-spelled, targets lifted into definitions),
 *    inlines it, or breaks a cycle at its re-entry; kept definitions are emitted after the root.
 * 3. nodes, per node: before its keywords, allOf merged, const read as enum, null taken out of enum
 *    under a nullable flag; then each keyword by its policy (kept, renamed, dropped, kept when);
 *    booleans as objects; then type and null spelling, the any-value spelling, objects (closure,
 *    optional as nullable), and the description sentences for what was dropped.
 * 4. root: unions merged or reported, the root type, the root keyword allowlist.
 * 5. limits are counted as nodes finish (limits.ts); property names are checked where they stand.
 *
 * Pointers are built only for diagnostics and explain; inside objects the walk built from several
 * input places (a merged allOf, a `$ref` with siblings) an origin map keeps them pointing into the input.
 */
import { diagnostic, type Diagnostic, type Severity } from '../diagnostics.js';
import { escapeToken } from '../json-pointer.js';
import { Fatal, hasOwn, isPlainObject, jsonEqual, notJsonReason, put, safeStringify, type JsonObject } from './data.js';
import { ANNOTATION_KEYWORDS, BOOLEAN_CLOSURE_KEYWORDS, Kind, RULE_KEYWORDS, SILENT_KEYWORDS } from './keywords.js';
import { fill, notesFor } from './notes.js';
import { admitsNull, makeNullable, spellTypes } from './nulls.js';
import { makeTable, type Plan, type Policy, type PolicyTable } from './plan.js';
import { RefIndex, type RefTarget } from './refs.js';
import { RefGraph } from './ref-graph.js';
import { draftOf, LATER_KEYWORDS } from './drafts.js';
import { mergeRootUnion } from './root-union.js';
import { canMerge, constrainsNothing, copyPlain, fragmentToken, impliedType, indexOfIn, isArrayType, policyOf } from './node-rules.js';
import { LimitCounts } from './limits.js';
import { selectNodes } from '../rules/jsonpath.js';

export interface WalkLimits {
  maxDepth: number;
  maxNodes: number;
}

export interface Explanation {
  path: string;
  keyword: string;
  outcome: 'kept' | 'renamed' | 'described' | 'lost';
  detail: string;
}

interface NoteEvent {
  event: string;
  vars: Record<string, string>;
}


export class SchemaWalker {
  readonly #plan: Plan;
  readonly #limits: WalkLimits;
  readonly #diags: Diagnostic[];
  readonly #explain: Explanation[] | undefined;

  // per schema
  #root: unknown = undefined;
  #prefix = '';
  #tokens: string[] = [];
  #depth = 0;
  #nodes = 0;
  #draft07 = false;
  #normalize = false;
  #refs: RefIndex | undefined;
  #path: unknown[] = [];
  #inlining: RefTarget[] = [];
  #inlineNodes: unknown[] = [];
  #defNames = new Map<unknown, string>();
  #usedNames = new Set<string>();
  #defQueue: RefTarget[] = [];
  #graph: RefGraph | undefined;
  #givenSets: Set<object>[] | undefined;
  #placeholderSeen = false;
  /**
   * For objects the walk builds from several input places (a merged allOf, a $ref merged with its
   * siblings): key -> the input tokens of that key's value, so diagnostics point into the input.
   */
  #origins: WeakMap<object, Map<string, readonly string[]>> | undefined;
  /** Nodes the walk made up (a cycle stub): explain has nothing of the input to say about them. */
  readonly #madeUp = new WeakSet<object>();
  /** Keys the walk wrote into a node it built (the `not` standing for a false target). */
  #madeUpKeys: WeakMap<object, Set<string>> | undefined;
  /** keyword -> the input keyword it was read from (const read as enum), per built node. */
  #readAs: WeakMap<object, Map<string, string>> | undefined;
  /** The input node whose type spelling is being written (for a conflict's pointer). */
  #typeNode: JsonObject = {};
  /** Called by the type spelling step when a spelling cannot be written (see #typeNode). */
  typeConflict(message: string): void {
    const node = this.#typeNode;
    this.#report('type-spelling', 'warning', message, hasOwn(node, 'type') ? this.#at(node, 'type') : this.#pointer());
  }
  /** Names of `false` properties the last properties walk left out (no spelling for "nothing"). */
  #falseNames: string[] | undefined;
  /** Size counts of the current output schema, kept as nodes finish (only when the dialect has limits). */
  readonly counts = new LimitCounts();
  /** Deepest object nesting below the node being finished (for the depth limit). */
  #levelMax = 0;
  /** The parent's single type, handed to the typeless branches of its anyOf / oneOf. */
  #inheritType: string | undefined;

  constructor(plan: Plan, limits: WalkLimits, diags: Diagnostic[], explain?: Explanation[]) {
    this.#plan = plan;
    this.#limits = limits;
    this.#diags = diags;
    this.#explain = explain;
  }

  /** Converts one schema; `prefix` is its JSON pointer inside the caller's input. Throws Fatal. */
  convertSchema(root: unknown, prefix: string): unknown {
    this.#root = root;
    this.#prefix = prefix;
    // The walker is reused for every schema of one input; a fatal stop discards it, so after a
    // normal return the stacks are already empty and only the per-schema caches need clearing.
    this.#tokens.length = 0;
    this.#path.length = 0;
    this.#inlining.length = 0;
    this.#inlineNodes.length = 0;
    this.#depth = 0;
    this.#nodes = 0;
    this.#refs = undefined;
    if (this.#defNames.size > 0) this.#defNames.clear();
    if (this.#usedNames.size > 0) this.#usedNames.clear();
    this.#defQueue.length = 0;
    this.#graph = undefined;
    this.#givenSets = undefined;
    this.#placeholderSeen = false;
    this.counts.reset();
    this.#levelMax = 0;
    this.#readDraft(root);

    const refs = this.#plan.references;
    if (refs && isPlainObject(root)) this.#registerRootDefinitions(root);
    let out = this.#walk(root, true, undefined);
    if (refs && (this.#defQueue.length > 0 || this.#placeholderSeen) && isPlainObject(out)) out = this.#emitDefinitions(out);
    if (!this.#plan.identity && isPlainObject(out)) out = this.#rootPass(out);
    if (this.counts.depth < this.#levelMax) this.counts.depth = this.#levelMax;
    return out;
  }

  // ---------------------------------------------------------------- read

  #readDraft(root: unknown): void {
    const declared = isPlainObject(root) && hasOwn(root, '$schema') ? root.$schema : undefined;
    const draft = draftOf(declared);
    this.#draft07 = draft === 'draft-07';
    if (draft === 'unknown') {
      this.#report('unknown-draft', 'warning', `$schema ${safeStringify(declared) ?? String(declared)} is neither 2020-12 nor draft-07; the schema is read as 2020-12`, this.#pointer(['$schema']));
    }
    this.#normalize = this.#draft07 && this.#plan.normalizeDrafts;
  }

  // ---------------------------------------------------------------- diagnostics and paths

  /** Tokens of the value of `key` in `node` (which may be an object the walk built). */
  #tokensOf(node: object, key: string): readonly string[] {
    const origin = this.#origins?.get(node)?.get(key);
    return origin ?? [...this.#tokens, key];
  }

  /** Pointer of `node[key]`, and below it `extra`. */
  #at(node: object, key: string, ...extra: string[]): string {
    const origin = this.#origins?.get(node)?.get(key);
    if (origin === undefined) return this.#pointer([key, ...extra]);
    let p = this.#prefix;
    for (const t of origin) p += '/' + escapeToken(t);
    for (const t of extra) p += '/' + escapeToken(t);
    return p;
  }

  /** Pointer of `node.properties[name]`, also when those properties were merged from several places. */
  #propertyPointer(node: JsonObject, name: string): string {
    const props = node.properties;
    const origin = isPlainObject(props) ? this.#origins?.get(props)?.get(name) : undefined;
    if (origin === undefined) return this.#at(node, 'properties', name);
    let p = this.#prefix;
    for (const t of origin) p += '/' + escapeToken(t);
    return p;
  }

  #recordOrigin(obj: object, key: string, tokens: readonly string[]): void {
    const origins = (this.#origins ??= new WeakMap());
    let m = origins.get(obj);
    if (!m) origins.set(obj, (m = new Map()));
    m.set(key, tokens);
  }

  #pointer(extra?: readonly string[]): string {
    let p = this.#prefix;
    for (const t of this.#tokens) p += '/' + escapeToken(t);
    if (extra) for (const t of extra) p += '/' + escapeToken(t);
    return p;
  }

  #report(code: string, severity: Severity, message: string, path: string): void {
    this.#diags.push(diagnostic(code, severity, message, path));
  }

  #fatal(code: string, message: string, path: string): never {
    throw new Fatal(diagnostic(code, 'error', message, path));
  }

  #tooDeep(): never {
    const seen = new Set<unknown>();
    for (const o of this.#path) {
      if (seen.has(o)) this.#fatal('cyclic-object', 'the schema is a JavaScript object that contains itself, so it is not JSON data', this.#pointer());
      seen.add(o);
    }
    this.#fatal('too-deep', `the schema nests deeper than ${this.#limits.maxDepth} levels; conversion stopped here`, this.#pointer());
  }

  // ---------------------------------------------------------------- the walk

  /** Any subschema position. `keyword` is the keyword holding it (for booleans in closure positions). */
  #walk(node: unknown, atRoot: boolean, keyword: string | undefined, events?: NoteEvent[]): unknown {
    if (typeof node === 'boolean') return this.#walkBoolean(node, atRoot, keyword);
    if (!isPlainObject(node)) {
      const reason = notJsonReason(node);
      if (reason) this.#fatal('not-json', `${reason} (where a schema was expected)`, this.#pointer());
      this.#report('invalid-schema', 'error', `a schema must be an object or a boolean, not ${node === null ? 'null' : Array.isArray(node) ? 'an array' : typeof node}; it is copied as it is`, this.#pointer());
      return this.#copy(node);
    }
    if (++this.#depth > this.#limits.maxDepth) this.#tooDeep();
    if (++this.#nodes > this.#limits.maxNodes) this.#tooLarge();
    this.#path.push(node);
    const refs = this.#plan.references;
    const out =
      refs && typeof node.$ref === 'string' ? this.#walkRef(node, atRoot, events) : this.#walkObject(node, atRoot, events, keyword);
    this.#path.pop();
    this.#depth--;
    return out;
  }

  #walkBoolean(b: boolean, atRoot: boolean, keyword: string | undefined): unknown {
    if (this.#plan.booleans === 'keep' || (!b && keyword !== undefined && BOOLEAN_CLOSURE_KEYWORDS.has(keyword))) return b;
    if (b) {
      // `true` is the schema that says nothing: spelled like any other typeless schema.
      const empty: JsonObject = {};
      this.#madeUp.add(empty);
      return this.#walkObject(empty, atRoot, undefined, keyword);
    }
    const table = atRoot ? this.#plan.rootTable : this.#plan.belowTable;
    if (policyOf(table, 'not').kind !== 'drop') return { not: {} };
    const text = this.#plan.events.get('false-schema');
    if (text) return { description: text };
    this.#report('rule-lost', 'warning', 'a false schema (nothing accepted) cannot be spelled in this dialect and no note carries it', this.#pointer());
    return {};
  }

  #walkObject(node: JsonObject, atRoot: boolean, events: NoteEvent[] | undefined, keyword?: string, besideRef = false): unknown {
    const plan = this.#plan;
    const inherited = this.#inheritType;
    this.#inheritType = undefined;
    if (plan.allOf === 'merge' && Array.isArray(node.allOf)) node = this.#mergeAllOf(node);
    if (plan.constAsEnum && hasOwn(node, 'const')) node = this.#constAsEnum(node);
    let nullFromValues = false;
    if (plan.nulls === 'nullable-flag' && (hasOwn(node, 'enum') || node.const === null)) {
      const stripped = this.#nullOutOfValues(node);
      nullFromValues = stripped !== node;
      node = stripped;
    }
    const table = this.#tableFor(node, atRoot);
    const refs = plan.references;
    const normalize = this.#normalize;
    const explain = this.#explain !== undefined && !this.#madeUp.has(node) ? this.#explain : undefined;
    const readAs = explain ? this.#readAs?.get(node) : undefined;
    let out: JsonObject = {};
    let dropped: [string, unknown][] | undefined;
    let renamedNotes: Set<string> | undefined;
    let inputKeys: Map<string, string> | undefined;
    let explainRanges: Map<string, [number, number]> | undefined;
    let mayCollide = normalize;
    let itemsFalse = false;
    let falseNames: string[] | undefined;
    const counting = plan.limits !== undefined;
    const outerLevel = this.#levelMax;
    if (counting) this.#levelMax = 0;

    for (const key in node) {
      const value = node[key];
      let k = key;
      if (normalize) {
        const n = this.#draft07Spelling(node, key, value);
        if (n === null) continue;
        if (n === 'dependencies') {
          this.#splitDependencies(value, out, table);
          continue;
        }
        k = n;
      }
      if (refs !== undefined) {
        if (k === '$defs' || k === 'definitions') {
          if (node === this.#root && this.#depth === 1 && refs.mode === 'keep' && !this.#placeholderSeen) {
            this.#placeholderSeen = true;
            put(out, refs.definitionsKeyword, PLACEHOLDER);
          }
          continue;
        }
      } else if (k === '$ref' && typeof value === 'string') {
        this.#checkRef(value, node);
      }

      const entry = table.entries.get(k) ?? table.fallback;
      const policy = entry.policy;
      let outKey = k;
      if (policy.kind === 'drop' || (policy.kind === 'keepWhen' && !policy.test(value))) {
        if (k === 'description' && typeof value === 'string' && value !== '') {
          this.#report('description-lost', 'warning', `this dialect admits no description here, so the author's description is not carried: ${JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value)}`, this.#at(node, key));
        }
        if (entry.numeric && typeof value !== 'number' && notJsonReason(value) === undefined) {
          this.#report('invalid-keyword-value', 'error', `${key} must be a number in JSON Schema 2020-12, not ${safeStringify(value) ?? typeof value}; it is left out`, this.#at(node, key));
        } else if ((plan.notedKeywords.has(k) || RULE_KEYWORDS.has(k)) && !constrainsNothing(k, value)) {
          // A dropped value may still be rendered into a sentence: it must be JSON data too.
          if (typeof value !== 'string' && typeof value !== 'boolean') this.#copyAt(value, node, key);
          (dropped ??= []).push([k, value]);
          if (k !== key) (inputKeys ??= new Map()).set(k, key);
        }
        continue;
      }
      if (policy.kind === 'rename') {
        outKey = policy.to;
        mayCollide = true;
        if (policy.note) {
          (dropped ??= []).push([k, value]);
          (renamedNotes ??= new Set()).add(k);
        }
        if (explain) explain.push({ path: this.#at(node, key), keyword: readAs?.get(key) ?? key, outcome: 'renamed', detail: `spelled ${policy.to}` });
      } else if (explain && !SILENT_KEYWORDS.has(k) && !this.#madeUpKeys?.get(node)?.has(key)) {
        const from = readAs?.get(key);
        explain.push(from ? { path: this.#at(node, key), keyword: from, outcome: 'renamed', detail: `spelled ${k}` } : { path: this.#at(node, key), keyword: key, outcome: 'kept', detail: 'kept as a keyword' });
      }
      // Input keys are unique; only a renamed or re-read keyword can meet one already written.
      if ((mayCollide || outKey !== key) && hasOwn(out, outKey)) {
        this.#report('rename-conflict', 'warning', `${k} would be spelled ${outKey}, which the schema already has; it is dropped`, this.#at(node, key));
        (dropped ??= []).push([k, value]);
        continue;
      }

      const kind = entry.kind;
      let v: unknown;
      if (kind === undefined) {
        if (entry.numeric && typeof value !== 'number') {
          this.#report('invalid-keyword-value', 'error', `${key} must be a number in JSON Schema 2020-12, not ${safeStringify(value) ?? typeof value}; it is passed on as written`, this.#at(node, key));
        }
        v = this.#copy(value, key);
        if (k === 'enum' && plan.limits?.largeEnum) this.#checkLargeEnum(node, key, value);
      } else {
        const origin = this.#origins === undefined ? undefined : this.#origins.get(node)?.get(key);
        const saved = this.#tokens;
        if (origin) this.#tokens = [...origin];
        else saved.push(key);
        const mark = explain !== undefined && (k === 'additionalProperties' || k === 'patternProperties') ? explain.length : -1;
        if (value === false && k === 'items' && this.#falseUnspellable()) v = SKIP;
        else if (kind === Kind.Sub) v = this.#walk(value, false, k);
        else if (kind === Kind.Arr && Array.isArray(value)) v = this.#walkArray(value, k, (k === 'anyOf' || k === 'oneOf') && typeof node.type === 'string' ? node.type : undefined);
        else if (kind === Kind.Map && isPlainObject(value)) v = this.#walkMap(value, k, atRoot);
        else v = this.#copy(value);
        if (origin) this.#tokens = saved;
        else saved.pop();
        if (mark >= 0 && explain) (explainRanges ??= new Map()).set(k, [mark, explain.length]);
      }
      if (v === SKIP) {
        itemsFalse = true;
        continue;
      }
      if (k === 'properties' && this.#falseNames !== undefined) {
        falseNames = this.#falseNames;
        this.#falseNames = undefined;
      }
      if (outKey === '__proto__') put(out, outKey, v);
      else out[outKey] = v;
    }
    if (itemsFalse) dropped = this.#noMoreItems(out, node, table, dropped);
    if (falseNames !== undefined) events = this.#leftOutProperties(out, falseNames, events);

    if (plan.identity) return out;
    if (plan.spellsTypes) {
      const branch = keyword === 'anyOf' || keyword === 'oneOf';
      this.#typeNode = node;
      out = spellTypes(out, plan, nullFromValues, this, branch);
    }
    if (plan.anyValue && !besideRef) events = this.#anyValue(out, inherited, events);
    if (plan.closed === 'all' || plan.optional === 'required-nullable') dropped = this.#objects(out, node, atRoot, dropped, explainRanges);
    if (dropped !== undefined || events !== undefined) this.#describe(out, node, table, dropped ?? [], renamedNotes, events, inputKeys);
    if (counting) {
      this.counts.countNode(out, plan.references?.definitionsKeyword ?? '$defs');
      const t = out.type;
      const level = this.#levelMax + (t === 'object' || out.properties !== undefined || (Array.isArray(t) && t.includes('object')) ? 1 : 0);
      this.#levelMax = level > outerLevel ? level : outerLevel;
    }
    return out;
  }

  /** The dialect spells booleans as objects but cannot spell `not`, so `false` has no spelling. */
  #falseUnspellable(): boolean {
    return this.#plan.booleans === 'as-objects' && policyOf(this.#plan.belowTable, 'not').kind === 'drop';
  }

  /**
   * `items: false` (no items past the positional ones) spelled as a count, which every dialect
   * can say: at most as many items as there are positions.
   */
  #noMoreItems(out: JsonObject, node: JsonObject, table: PolicyTable, dropped: [string, unknown][] | undefined): [string, unknown][] | undefined {
    const positions = Array.isArray(node.prefixItems) ? node.prefixItems.length : Array.isArray(node.items) ? node.items.length : 0;
    if (typeof out.maxItems === 'number' && out.maxItems <= positions) return dropped;
    const policy = policyOf(table, 'maxItems');
    if (policy.kind === 'keep' || (policy.kind === 'keepWhen' && policy.test(positions))) {
      out.maxItems = positions;
      return dropped;
    }
    const list = dropped ?? [];
    list.push(['maxItems', positions]);
    return list;
  }

  /** Properties whose schema is `false` are left out (and out of `required`), with a sentence each. */
  #leftOutProperties(out: JsonObject, names: string[], events: NoteEvent[] | undefined): NoteEvent[] {
    if (Array.isArray(out.required)) out.required = (out.required as unknown[]).filter((n) => typeof n !== 'string' || !names.includes(n));
    const list = events ? [...events] : [];
    for (const name of names) list.push({ event: 'false-property', vars: { name } });
    return list;
  }

  /** `const: x` read as `enum: [x]` before the keyword policies, so `enum`'s own policy decides. */
  #constAsEnum(node: JsonObject): JsonObject {
    const out: JsonObject = {};
    const c = node.const;
    const enumHasIt = Array.isArray(node.enum) && node.enum.some((x) => jsonEqual(x, c));
    for (const k in node) {
      if (k === 'const') {
        if (hasOwn(node, 'enum') && !enumHasIt) put(out, k, c);
        else if (!hasOwn(node, 'enum')) {
          put(out, 'enum', [c]);
          this.#recordOrigin(out, 'enum', this.#tokensOf(node, 'const'));
          if (this.#explain) {
            const readAs = (this.#readAs ??= new WeakMap());
            readAs.set(out, new Map([['enum', 'const']]));
          }
        }
      } else if (k === 'enum' && enumHasIt) {
        put(out, 'enum', [c]);
      } else put(out, k, node[k]);
      const o = this.#origins?.get(node)?.get(k);
      if (o && (k !== 'const' || hasOwn(out, 'const'))) this.#recordOrigin(out, k, o);
    }
    return out;
  }

  /** Under a nullable flag, null leaves enum and const before their policies judge the values. */
  #nullOutOfValues(node: JsonObject): JsonObject {
    const en = node.enum;
    const enumNull = Array.isArray(en) && en.includes(null);
    const constNull = hasOwn(node, 'const') && node.const === null;
    if (!enumNull && !constNull) return node;
    const out: JsonObject = {};
    for (const k in node) {
      if (k === 'const' && constNull) continue;
      put(out, k, k === 'enum' && enumNull ? (en as unknown[]).filter((x) => x !== null) : node[k]);
      this.#recordOrigin(out, k, this.#tokensOf(node, k));
    }
    const readAs = this.#readAs?.get(node);
    if (readAs) this.#readAs?.set(out, readAs);
    return out;
  }

  /** A schema that says nothing of its type gets the dialect's spelling for "any value". */
  #anyValue(out: JsonObject, inherited: string | undefined, events: NoteEvent[] | undefined): NoteEvent[] | undefined {
    // `out` is an object this walk built, so reading a keyword cannot reach a prototype member.
    const rule = this.#plan.anyValue as NonNullable<Plan['anyValue']>;
    const t = out.type;
    if (t !== undefined) {
      if (rule.fillItems && isArrayType(t) && out.items === undefined && out.prefixItems === undefined) put(out, 'items', copyPlain(rule.spell));
      return events;
    }
    const refKeyword = this.#plan.references?.refKeyword ?? '$ref';
    if (out[refKeyword] !== undefined || out.$ref !== undefined || out.anyOf !== undefined || out.oneOf !== undefined || out.allOf !== undefined) return events;
    if (out.nullable === true && Object.keys(out).every((k) => k === 'nullable' || ANNOTATION_KEYWORDS.has(k))) return events;
    const implied = impliedType(out, rule.inferFromEnum) ?? inherited;
    if (implied !== undefined) {
      put(out, 'type', implied);
      return events;
    }
    for (const k in rule.spell) if (!hasOwn(out, k)) put(out, k, copyPlain(rule.spell[k]));
    return [...(events ?? []), { event: 'any-value', vars: {} }];
  }

  #walkArray(value: unknown[], keyword: string, inheritType?: string): unknown[] {
    const arr: unknown[] = new Array(value.length);
    const origin = this.#origins?.get(value);
    for (let i = 0; i < value.length; i++) {
      const o = origin?.get(String(i));
      const saved = this.#tokens;
      if (o) this.#tokens = [...o];
      else saved.push(String(i));
      this.#inheritType = inheritType;
      arr[i] = this.#walk(value[i], false, keyword);
      this.#inheritType = undefined;
      if (o) this.#tokens = saved;
      else saved.pop();
    }
    return arr;
  }

  #walkMap(value: JsonObject, keyword: string, parentAtRoot: boolean): JsonObject {
    const map: JsonObject = {};
    const origin = this.#origins?.get(value);
    const scope = this.#plan.propertyNamesScope;
    const names = keyword === 'properties' && (scope === 'all' || (scope === 'root') === parentAtRoot) ? this.#plan.propertyNames : undefined;
    for (const name in value) {
      const o = origin?.get(name);
      const saved = this.#tokens;
      if (o) this.#tokens = [...o];
      else saved.push(name);
      if (names !== undefined && !names.test(name)) {
        this.#report('property-name-rejected', 'error', `the property name ${JSON.stringify(name)} does not match ${this.#plan.propertyNamesSource}; renaming it would change what callers send, so it is reported`, this.#pointer());
      }
      if (value[name] === false && keyword === 'properties' && this.#falseUnspellable()) {
        (this.#falseNames ??= []).push(name);
        if (o) this.#tokens = saved;
        else saved.pop();
        continue;
      }
      const v = this.#walk(value[name], false, keyword);
      if (name === '__proto__') put(map, name, v);
      else map[name] = v;
      if (o) this.#tokens = saved;
      else saved.pop();
    }
    return map;
  }

  #checkLargeEnum(node: JsonObject, key: string, value: unknown): void {
    const large = this.#plan.limits?.largeEnum;
    if (!large || !Array.isArray(value) || value.length <= large.over || !value.every((v) => typeof v === 'string')) return;
    let chars = 0;
    for (const v of value as string[]) chars += v.length;
    if (chars > large.maxChars) {
      this.#report('limit-exceeded', 'error', `a string enum of ${value.length} values totals ${chars} characters; this dialect allows ${large.maxChars} for an enum over ${large.over} values`, this.#at(node, key));
    }
  }

  // ---------------------------------------------------------------- draft-07 reading

  /** The 2020-12 spelling of a draft-07 keyword; null when it has no meaning here. */
  #draft07Spelling(node: JsonObject, key: string, value: unknown): string | null {
    switch (key) {
      case 'items':
        return Array.isArray(value) ? 'prefixItems' : key;
      case 'additionalItems':
        return Array.isArray(node.items) ? 'items' : null;
      case 'dependencies':
        return 'dependencies';
      case '$ref':
        return key;
      default:
        if (LATER_KEYWORDS.has(key)) {
          // A later keyword means nothing to draft-07; spelled in 2020-12 it would start to apply.
          this.#report('draft07-later-keyword', 'info', `${key} has no meaning in draft-07, so it is left out`, this.#at(node, key));
          return null;
        }
        if (hasOwn(node, '$ref') && !ANNOTATION_KEYWORDS.has(key) && key !== '$schema' && key !== '$id' && key !== 'definitions' && key !== '$defs') {
          // draft-07 ignores the siblings of $ref; spelling them in 2020-12 would give them a meaning.
          this.#report('draft07-ref-sibling', 'info', `draft-07 ignores ${key} beside $ref, so it is left out`, this.#at(node, key));
          return null;
        }
        return key;
    }
  }

  /** draft-07 ignores the siblings of $ref; spelled in 2020-12 they would start to apply. */
  #draft07Siblings(node: JsonObject): JsonObject | undefined {
    let out: JsonObject | undefined;
    for (const k in node) {
      if (k === '$ref') continue;
      if (this.#draft07Spelling(node, k, node[k]) === null) continue;
      put((out ??= {}), k, node[k]);
      this.#recordOrigin(out, k, this.#tokensOf(node, k));
    }
    return out;
  }

  /** The siblings of a `$ref`, each remembering where it stands in the input. */
  #withoutRef(node: JsonObject): JsonObject | undefined {
    let out: JsonObject | undefined;
    for (const k in node) {
      if (k === '$ref') continue;
      put((out ??= {}), k, node[k]);
      this.#recordOrigin(out, k, this.#tokensOf(node, k));
    }
    return out;
  }

  #splitDependencies(value: unknown, out: JsonObject, table: PolicyTable): void {
    if (!isPlainObject(value)) return;
    const required: JsonObject = {};
    const schemas: JsonObject = {};
    let hasReq = false;
    let hasSchemas = false;
    this.#tokens.push('dependencies');
    for (const name in value) {
      const v = value[name];
      this.#tokens.push(name);
      if (Array.isArray(v)) {
        put(required, name, this.#copy(v));
        hasReq = true;
      } else {
        put(schemas, name, this.#walk(v, false, 'dependentSchemas'));
        hasSchemas = true;
      }
      this.#tokens.pop();
    }
    this.#tokens.pop();
    if (hasReq && policyOf(table, 'dependentRequired').kind !== 'drop') put(out, 'dependentRequired', required);
    if (hasSchemas && policyOf(table, 'dependentSchemas').kind !== 'drop') put(out, 'dependentSchemas', schemas);
  }

  // ---------------------------------------------------------------- references

  #refGraph(): RefGraph {
    return (this.#graph ??= new RefGraph(() => this.#refIndex(), this.#limits.maxNodes * 4));
  }

  #refIndex(): RefIndex {
    return (this.#refs ??= new RefIndex(this.#root));
  }

  /** A reference left as authored is still checked: a dangling one is an error, an external one a warning. */
  #checkRef(ref: string, node: JsonObject): void {
    const r = this.#refIndex().resolve(ref);
    if (r.kind === 'missing') this.#report('unresolved-ref', 'error', r.reason, this.#pointer(['$ref']));
    else if (r.kind === 'external') this.#report('external-ref', 'warning', `${ref} is external and is never fetched`, this.#pointer(['$ref']));
    else if (this.#noExit(node, r.target)) {
      this.#report('ref-cycle-no-exit', 'error', `${ref} leads back to itself through references alone, so the schema describes nothing`, this.#pointer(['$ref']));
    }
  }

  #walkRef(node: JsonObject, atRoot: boolean, events: NoteEvent[] | undefined): unknown {
    const refs = this.#plan.references as NonNullable<Plan['references']>;
    const ref = node.$ref as string;
    const resolution = this.#refIndex().resolve(ref);
    const siblings = this.#normalize ? this.#draft07Siblings(node) : this.#withoutRef(node);
    if (resolution.kind !== 'local') {
      const refPath = this.#pointer(['$ref']);
      if (resolution.kind === 'missing') this.#report('unresolved-ref', 'error', resolution.reason, refPath);
      else this.#report('external-ref', 'warning', `${ref} is external and is never fetched`, refPath);
      // A reader that cannot follow this reference must not be handed it: the sentence carries it.
      const ev: NoteEvent[] = [...(events ?? [])];
      if (resolution.kind === 'external') ev.push({ event: 'external-ref', vars: { ref } });
      return this.#walkObject(siblings ?? {}, atRoot, ev.length > 0 ? ev : undefined);
    }
    const target = resolution.target;
    if (this.#noExit(node, target)) {
      this.#report('ref-cycle-no-exit', 'error', `${ref} leads back to itself through references alone, so the schema describes nothing`, this.#pointer(['$ref']));
    }
    const reentry = this.#path.includes(target.node) || this.#inlineNodes.includes(target.node);
    const inline = this.#shouldInline(target);
    if (inline && reentry) return this.#breakCycle(target, siblings, atRoot, events);
    if (inline || (refs.siblings === 'merge' && siblings !== undefined)) return this.#inline(target, siblings, atRoot, events);
    const name = target.tokens.length === 0 ? undefined : this.#definitionName(target);
    const spelled = name === undefined ? '#' : refs.refPrefix + fragmentToken(name);
    return this.#refWithSiblings(spelled, siblings, atRoot, events);
  }

  #refWithSiblings(spelled: string, siblings: JsonObject | undefined, atRoot: boolean, events: NoteEvent[] | undefined): unknown {
    const refs = this.#plan.references as NonNullable<Plan['references']>;
    const refNode: JsonObject = {};
    put(refNode, refs.refKeyword, spelled);
    if (siblings === undefined && events === undefined) return refNode;
    const rest = this.#walkObject(siblings ?? {}, atRoot, events, undefined, true);
    if (!isPlainObject(rest)) return refNode;
    if (refs.siblings === 'wrap-anyof' && Object.keys(rest).length > 0) {
      const out: JsonObject = { anyOf: [refNode] };
      for (const k in rest) put(out, k, rest[k]);
      return out;
    }
    const out: JsonObject = refNode;
    for (const k in rest) put(out, k, rest[k]);
    return out;
  }

  #shouldInline(target: RefTarget): boolean {
    const refs = this.#plan.references as NonNullable<Plan['references']>;
    if (refs.mode === 'inline') return refs.cycles === 'break' || !this.#refGraph().isCyclic(target.node);
    return refs.cycles === 'break' && this.#refGraph().isCyclic(target.node);
  }

  #inline(target: RefTarget, siblings: JsonObject | undefined, atRoot: boolean, events: NoteEvent[] | undefined): unknown {
    const source = siblings === undefined ? target.node : this.#mergeSiblings(target.node, target.tokens, siblings);
    const savedTokens = this.#tokens;
    this.#tokens = [...target.tokens];
    this.#inlining.push(target);
    this.#inlineNodes.push(target.node);
    const out = this.#walk(source, atRoot, undefined, events);
    this.#inlineNodes.pop();
    this.#inlining.pop();
    this.#tokens = savedTokens;
    return out;
  }

  /** 2020-12 applies a `$ref` and its siblings both; annotations beside it win over the target's. */
  #mergeSiblings(target: unknown, targetTokens: readonly string[], siblings: JsonObject): unknown {
    const site = [...this.#tokens];
    for (const k in siblings) this.#recordOrigin(siblings, k, this.#tokensOf(siblings, k));
    if (target === true) return siblings;
    if (!isPlainObject(target)) {
      // A false target accepts nothing whatever stands beside it; only the annotations remain to carry.
      const out: JsonObject = {};
      for (const k in siblings) {
        if (!ANNOTATION_KEYWORDS.has(k)) continue;
        put(out, k, siblings[k]);
        this.#recordOrigin(out, k, this.#tokensOf(siblings, k));
      }
      put(out, 'not', {});
      this.#recordOrigin(out, 'not', targetTokens);
      (this.#madeUpKeys ??= new WeakMap()).set(out, new Set(['not']));
      return out;
    }
    let conflict = false;
    for (const k in siblings) {
      if (!ANNOTATION_KEYWORDS.has(k) && hasOwn(target, k) && !jsonEqual(target[k], siblings[k])) {
        conflict = true;
        break;
      }
    }
    const out: JsonObject = {};
    if (!conflict) {
      for (const k in target) put(out, k, target[k]);
      for (const k in siblings) {
        put(out, k, siblings[k]);
        this.#recordOrigin(out, k, this.#tokensOf(siblings, k));
      }
      return out;
    }
    const rest: JsonObject = {};
    for (const k in siblings) {
      const into = ANNOTATION_KEYWORDS.has(k) ? out : rest;
      put(into, k, siblings[k]);
      this.#recordOrigin(into, k, this.#tokensOf(siblings, k));
    }
    const pair = [target, rest];
    this.#recordOrigin(pair, '0', targetTokens);
    this.#recordOrigin(pair, '1', site);
    put(out, 'allOf', pair);
    this.#recordOrigin(out, 'allOf', site);
    return out;
  }

  #breakCycle(target: RefTarget, siblings: JsonObject | undefined, atRoot: boolean, events: NoteEvent[] | undefined): unknown {
    const final = this.#finalTarget(target);
    if (final !== target && !target.rootDefinition) target = final;
    const t = final.node;
    const shape: JsonObject = {};
    const type = isPlainObject(t) && hasOwn(t, 'type') ? t.type : isPlainObject(t) && (hasOwn(t, 'items') || hasOwn(t, 'prefixItems')) && !hasOwn(t, 'properties') ? 'array' : 'object';
    put(shape, 'type', type);
    put(shape, 'title', target.name);
    const description = siblings && typeof siblings.description === 'string' ? siblings.description : isPlainObject(t) && typeof t.description === 'string' ? t.description : undefined;
    if (description !== undefined) put(shape, 'description', description);
    this.#madeUp.add(shape);
    const ev: NoteEvent[] = [...(events ?? []), { event: 'cycle', vars: { name: target.name } }];
    const savedTokens = this.#tokens;
    this.#tokens = [...target.tokens];
    const out = this.#walk(shape, atRoot, undefined, ev);
    this.#tokens = savedTokens;
    return out;
  }

  /** A chain of references that returns to its start without any schema in between. */
  #noExit(node: JsonObject, target: RefTarget): boolean {
    const seen = new Set<unknown>([node]);
    let cur: unknown = target.node;
    for (let i = 0; i < 256; i++) {
      if (seen.has(cur)) return true;
      seen.add(cur);
      if (!isPlainObject(cur) || typeof cur.$ref !== 'string') return false;
      const r = this.#refIndex().resolve(cur.$ref);
      if (r.kind !== 'local') return false;
      cur = r.target.node;
    }
    return false;
  }

  /** The node a chain of bare references ends at (for the description and type of a cycle stub). */
  #finalTarget(target: RefTarget): RefTarget {
    let cur = target;
    const seen = new Set<unknown>();
    while (isPlainObject(cur.node) && typeof cur.node.$ref === 'string' && !seen.has(cur.node)) {
      seen.add(cur.node);
      const r = this.#refIndex().resolve(cur.node.$ref);
      if (r.kind !== 'local') break;
      cur = r.target;
    }
    return cur;
  }

  // ---------------------------------------------------------------- kept definitions

  #registerRootDefinitions(root: JsonObject): void {
    const refs = this.#plan.references as NonNullable<Plan['references']>;
    if (refs.mode !== 'keep') return;
    const index = this.#refIndex();
    for (const container of ['$defs', 'definitions']) {
      const defs = hasOwn(root, container) ? root[container] : undefined;
      if (!isPlainObject(defs)) continue;
      for (const name in defs) {
        const target = index.targetAt([container, name], defs[name]);
        if (refs.cycles === 'break' && this.#refGraph().isCyclic(target.node)) continue;
        this.#definitionName(target);
      }
    }
  }

  #definitionName(target: RefTarget): string {
    let name = this.#defNames.get(target.node);
    if (name !== undefined) return name;
    name = target.name;
    for (let i = 2; this.#usedNames.has(name); i++) name = `${target.name}_${i}`;
    this.#usedNames.add(name);
    this.#defNames.set(target.node, name);
    this.#defQueue.push(target);
    return name;
  }

  #emitDefinitions(rootOut: JsonObject): JsonObject {
    const refs = this.#plan.references as NonNullable<Plan['references']>;
    const container: JsonObject = {};
    for (let i = 0; i < this.#defQueue.length; i++) {
      const target = this.#defQueue[i] as RefTarget;
      const savedTokens = this.#tokens;
      this.#tokens = [...target.tokens];
      const outer = this.#levelMax;
      this.#levelMax = 0;
      const out = this.#walk(target.node, false, undefined);
      if (this.#levelMax > this.counts.depth) this.counts.depth = this.#levelMax;
      this.#levelMax = outer;
      this.#tokens = savedTokens;
      const name = this.#defNames.get(target.node) as string;
      this.counts.stringLength += name.length;
      put(container, name, out);
    }
    if (this.#placeholderSeen && Object.keys(container).length === 0) {
      const out: JsonObject = {};
      for (const k in rootOut) if (rootOut[k] !== PLACEHOLDER) put(out, k, rootOut[k]);
      return out;
    }
    const allow = this.#plan.rootTable.allow;
    if (allow && !allow.has(refs.definitionsKeyword)) {
      this.#report('definitions-not-allowed', 'error', `the references need ${refs.definitionsKeyword} at the root, which this dialect does not admit there`, this.#prefix);
    }
    if (this.#placeholderSeen) {
      for (const k in rootOut) if (rootOut[k] === PLACEHOLDER) rootOut[k] = container;
      return rootOut;
    }
    put(rootOut, refs.definitionsKeyword, container);
    return rootOut;
  }

  // ---------------------------------------------------------------- nodes pass helpers

  #tableFor(node: JsonObject, atRoot: boolean): PolicyTable {
    const base = atRoot ? this.#plan.rootTable : this.#plan.belowTable;
    const given = this.#plan.given;
    if (given.length === 0) return base;
    const sets = (this.#givenSets ??= given.map((g) => selectNodes(this.#root, g.path)));
    let policies: Map<string, Policy> | undefined;
    for (let i = 0; i < given.length; i++) {
      const g = given[i] as Plan['given'][number];
      if ((g.scope === 'root' && !atRoot) || (g.scope === 'below-root' && atRoot)) continue;
      if (!(sets[i] as Set<object>).has(node)) continue;
      policies ??= new Map(base.policies);
      for (const [k, p] of g.policies) policies.set(k, p);
    }
    return policies ? makeTable(policies, base.other, base.allow) : base;
  }

  /**
   * allOf merged into its parent before the walk, so the merged node is spelled as one schema; a
   * branch that conflicts (or is a reference) stays in allOf, where the allOf policy decides.
   */
  #mergeAllOf(node: JsonObject): JsonObject {
    const result: JsonObject = {};
    const parentOrigin = this.#origins?.get(node);
    for (const k in node) {
      if (k === 'allOf') continue;
      put(result, k, node[k]);
      const o = parentOrigin?.get(k);
      if (o) this.#recordOrigin(result, k, o);
    }
    const base = this.#tokensOf(node, 'allOf');
    const kept: unknown[] = [];
    const keptFrom: number[] = [];
    (node.allOf as unknown[]).forEach((b, i) => {
      if (b === true || (isPlainObject(b) && Object.keys(b).length === 0)) return;
      if (isPlainObject(b) && !hasOwn(b, '$ref') && canMerge(result, b)) this.#mergeBranch(result, b, [...base, String(i)]);
      else {
        kept.push(b);
        keptFrom.push(i);
      }
    });
    if (kept.length > 0) {
      put(result, 'allOf', kept);
      this.#recordOrigin(result, 'allOf', base);
      keptFrom.forEach((i, j) => this.#recordOrigin(kept, String(j), [...base, String(i)]));
    }
    return result;
  }

  #mergeBranch(target: JsonObject, branch: JsonObject, branchTokens: readonly string[]): void {
    for (const k in branch) {
      const v = branch[k];
      if (!hasOwn(target, k)) {
        put(target, k, v);
        this.#recordOrigin(target, k, [...branchTokens, k]);
      } else if (k === 'properties' && isPlainObject(v) && isPlainObject(target[k])) {
        const prev = target[k] as JsonObject;
        const prevTokens = this.#tokensOf(target, 'properties');
        const prevOrigin = this.#origins?.get(prev);
        const merged: JsonObject = {};
        for (const name in prev) {
          put(merged, name, prev[name]);
          this.#recordOrigin(merged, name, prevOrigin?.get(name) ?? [...prevTokens, name]);
        }
        for (const name in v) {
          if (hasOwn(merged, name)) continue;
          put(merged, name, v[name]);
          this.#recordOrigin(merged, name, [...branchTokens, 'properties', name]);
        }
        target[k] = merged;
      } else if (k === 'required' && Array.isArray(v) && Array.isArray(target[k])) {
        target[k] = [...new Set([...(target[k] as unknown[]), ...v])];
      }
    }
  }

  #objects(
    out: JsonObject,
    node: JsonObject,
    atRoot: boolean,
    dropped: [string, unknown][] | undefined,
    explainRanges?: Map<string, [number, number]>,
    mergedRoot = false,
  ): [string, unknown][] | undefined {
    const plan = this.#plan;
    const t = out.type;
    const isObject = t === 'object' || out.properties !== undefined || (Array.isArray(t) && t.includes('object'));
    if (!isObject) return dropped;
    if (plan.closed === 'all') {
      const ap = out.additionalProperties;
      const pattern = hasOwn(out, 'patternProperties');
      // An object that accepts other properties (a map, an explicit opening, a free-form object
      // below the root) loses them when closed: its rule goes into the description and is reported.
      const open = pattern || (ap !== undefined && ap !== false) || (ap === undefined && !hasOwn(out, 'properties') && !atRoot);
      if (open && plan.maps === 'close-and-report') {
        this.#report('map-closed', 'warning', 'this object accepts other properties; the dialect closes every object, so the spelled schema refuses them though the canonical schema accepts them (the server still does)', this.#pointer());
        const list = dropped ?? [];
        list.push(['additionalProperties', hasOwn(node, 'additionalProperties') ? node.additionalProperties : true]);
        if (this.#explain && explainRanges) {
          // What was walked inside the map's value schemas is not in the output: nothing to explain there.
          const ranges = [...explainRanges.values()].sort((a, b) => b[0] - a[0]);
          for (const [from, to] of ranges) this.#explain.splice(from, to - from);
        }
        if (pattern) {
          list.push(['patternProperties', node.patternProperties]);
          delete out.patternProperties;
        }
        out.additionalProperties = false;
        dropped = list;
      } else if (!open && ap !== false) {
        out.additionalProperties = false;
      }
    }
    if (plan.optional === 'required-nullable' && isPlainObject(out.properties)) {
      const props = out.properties;
      const required: string[] = [];
      if (Array.isArray(out.required)) for (const x of out.required as unknown[]) if (typeof x === 'string') required.push(x);
      // Most objects list a handful of names: a scan is cheaper than building a Set for each.
      const have = required.length > 16 ? new Set(required) : undefined;
      const listed = required.length;
      const refs = plan.references;
      const refKeyword = refs?.refKeyword ?? '$ref';
      const wrapRefs = refs?.siblings === 'wrap-anyof';
      for (const name in props) {
        if (have ? have.has(name) : indexOfIn(required, name, listed) >= 0) continue;
        required.push(name);
        if (admitsNull(props[name], refKeyword)) {
          this.#report('optional-null-ambiguous', 'warning', `optional property "${name}" already admits null, so a null sent for it cannot be read as an omission; it is passed on as null`, mergedRoot ? this.#prefix : this.#propertyPointer(node, name));
        } else {
          const before = props[name] as JsonObject;
          const enumBefore = isPlainObject(before) && Array.isArray(before.enum) ? before.enum.length : 0;
          const after = makeNullable(before, plan.nulls, refKeyword, wrapRefs);
          if (isPlainObject(after) && Array.isArray(after.enum) && after.enum.length > enumBefore) this.counts.enumValues += after.enum.length - enumBefore;
          put(props, name, after);
        }
      }
      out.required = required;
    }
    return dropped;
  }

  #describe(
    out: JsonObject,
    node: JsonObject,
    table: PolicyTable,
    dropped: [string, unknown][],
    renamed: Set<string> | undefined,
    events: NoteEvent[] | undefined,
    inputKeys?: Map<string, string>,
  ): void {
    const explain = this.#explain !== undefined && !this.#madeUp.has(node) ? this.#explain : undefined;
    const readAs = explain ? this.#readAs?.get(node) : undefined;
    const keyOf = (k: string): string => inputKeys?.get(k) ?? k;
    const outcome = notesFor(this.#plan.notes, this.#plan.notesByKeyword, dropped, explain !== undefined);
    const sentences = outcome.sentences;
    if (events) {
      for (const e of events) {
        const text = this.#plan.events.get(e.event);
        if (text) sentences.push(fill(text, (n) => e.vars[n]));
        else if (e.event === 'cycle') this.#report('rule-lost', 'warning', `the cycle through ${e.vars.name} is broken here and the dialect has no note for it`, this.#pointer());
        else if (e.event === 'false-property') this.#report('rule-lost', 'warning', `property ${JSON.stringify(e.vars.name)} accepts nothing; it is left out and the dialect has no note for it`, this.#pointer());
      }
    }
    for (const k of outcome.lost) {
      if (renamed?.has(k)) continue;
      this.#report('rule-lost', 'warning', `${k} is not spelled in this dialect and no note carries it`, this.#at(node, keyOf(k)));
      if (explain && hasOwn(node, keyOf(k))) explain.push({ path: this.#at(node, keyOf(k)), keyword: readAs?.get(keyOf(k)) ?? keyOf(k), outcome: 'lost', detail: 'dropped; no note carries it' });
    }
    if (sentences.length === 0) return;
    const canDescribe = policyOf(table, 'description').kind === 'keep' && (table.allow === undefined || table.allow.has('description'));
    if (explain && outcome.carriedBy) {
      for (const [k, s] of outcome.carriedBy) {
        // A keyword the walk added (the closure of an open object) has no place in the input to explain.
        if (renamed?.has(k) || !hasOwn(node, keyOf(k))) continue;
        explain.push({ path: this.#at(node, keyOf(k)), keyword: readAs?.get(keyOf(k)) ?? keyOf(k), outcome: canDescribe ? 'described' : 'lost', detail: canDescribe ? s : `${s} (no description can be carried here)` });
      }
    }
    if (!canDescribe) {
      this.#report('note-lost', 'warning', `this dialect admits no description here, so these sentences cannot be carried: ${sentences.join(' ')}`, this.#pointer());
      return;
    }
    const author = typeof out.description === 'string' ? out.description : typeof node.description === 'string' ? node.description : '';
    put(out, 'description', author ? `${author} ${sentences.join(' ')}` : sentences.join(' '));
  }

  // ---------------------------------------------------------------- root pass

  #rootPass(out: JsonObject): JsonObject {
    const plan = this.#plan;
    if (plan.rootUnions !== 'allow') out = this.#rootUnion(out);
    if (plan.rootType === 'object' && out.type === undefined) {
      // A root whose keywords only ever constrain objects is an object schema: spelling its type
      // changes nothing for an object argument. A root that says nothing at all narrows, reported.
      const evident = OBJECT_KEYWORDS.some((k) => hasOwn(out, k)) || objectUnion(out.anyOf) || objectUnion(out.oneOf);
      const silent = Object.keys(out).every((k) => !RULE_KEYWORDS.has(k));
      if (evident || silent) put(out, 'type', 'object');
      if (silent && !evident) this.#report('root-narrowed', 'warning', 'the root schema accepts any value; this dialect spells it as an object', this.#prefix);
    }
    if (plan.rootType === 'object' && out.type !== 'object') {
      this.#report('root-not-object', 'error', `the root schema must have type "object" in this dialect; it has ${out.type === undefined ? 'no type' : `type ${JSON.stringify(out.type)}`}`, this.#prefix);
    }
    const allow = plan.rootAllow;
    if (allow) {
      for (const k of Object.keys(out)) {
        if (allow.has(k) || out[k] === PLACEHOLDER) continue;
        if (RULE_KEYWORDS.has(k)) this.#report('rule-lost', 'warning', `${k} cannot be spelled at the root in this dialect and is dropped`, this.#prefix);
        delete out[k];
      }
    }
    return out;
  }

  #rootUnion(out: JsonObject): JsonObject {
    const key = Array.isArray(out.anyOf) ? 'anyOf' : Array.isArray(out.oneOf) ? 'oneOf' : undefined;
    if (!key) return out;
    if (this.#plan.rootUnions === 'forbid') {
      this.#report('root-union', 'error', 'the root is a union, which this dialect cannot spell at the root; the reader will refuse the schema', this.#prefix);
      return out;
    }
    const branches = out[key] as unknown[];
    const objects = branches.every((b) => isPlainObject(b) && (b.type === 'object' || isPlainObject(b.properties)));
    if (!objects) {
      this.#report('root-union', 'error', `the root is a union (${key}) of shapes that are not all objects, which this dialect cannot spell at the root`, this.#prefix);
      return out;
    }
    const result = mergeRootUnion(out, key, branches as JsonObject[]);
    // The merged object is a new object node: closure and optional-as-nullable apply to it too.
    if (this.#plan.closed === 'all' || this.#plan.optional === 'required-nullable') this.#objects(result, {}, true, undefined, undefined, true);
    this.#report('root-union', 'warning', `the root ${key} of ${branches.length} object shapes is spelled as one object with the properties of all of them; the server still judges each call against the canonical union`, this.#prefix);
    const text = this.#plan.events.get('root-union');
    if (text) {
      const sentence = fill(text, (n) => (n === 'count' ? String(branches.length) : undefined));
      if (policyOf(this.#plan.rootTable, 'description').kind === 'keep' && (this.#plan.rootTable.allow?.has('description') ?? true)) {
        put(result, 'description', typeof result.description === 'string' ? `${result.description} ${sentence}` : sentence);
      } else this.#report('note-lost', 'warning', `this dialect admits no description at the root, so this sentence cannot be carried: ${sentence}`, this.#prefix);
    }
    return result;
  }

  // ---------------------------------------------------------------- data

  #tooLarge(): never {
    const outer = this.#inlining[0];
    const chain = this.#inlining.map((t) => t.name);
    const where = outer ? this.#prefix + outer.pointer : this.#pointer();
    const because = outer
      ? `inlining ${outer.name}${chain.length > 1 ? ` (through ${chain.slice(1).join(' > ')})` : ''} makes the output pass ${this.#limits.maxNodes} schema nodes`
      : `the output passes ${this.#limits.maxNodes} schema nodes`;
    this.#fatal('output-too-large', `${because}; the conversion is refused`, where);
  }

  /** Checks (and copies) a value that stands at `node[key]`, reporting a fault at that key. */
  #copyAt(value: unknown, node: JsonObject, key: string): unknown {
    const reason = value === null || typeof value === 'object' ? undefined : notJsonReason(value);
    if (reason) this.#fatal('not-json', reason, this.#at(node, key));
    return this.#copy(value);
  }

  /** Deep copy of JSON data (values of non-schema keywords), guarded against cycles and non-JSON values. */
  #copy(value: unknown, key?: string): unknown {
    if (value === null || typeof value !== 'object') {
      const reason = notJsonReason(value);
      if (reason) this.#fatal('not-json', reason, this.#pointer(key === undefined ? undefined : [key]));
      return value;
    }
    return this.#copyDeep(value, key, this.#depth + 1, []);
  }

  #copyDeep(value: unknown, key: string | undefined, depth: number, stack: unknown[]): unknown {
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
      const reason = notJsonReason(value);
      if (reason) this.#fatal('not-json', reason, this.#pointer(key === undefined ? undefined : [key]));
      return value;
    }
    if (depth > this.#limits.maxDepth) {
      const where = this.#pointer(key === undefined ? undefined : [key]);
      if (new Set(stack).size < stack.length || stack.includes(value)) this.#fatal('cyclic-object', 'a value contains itself (a JavaScript object cycle), so it is not JSON data', where);
      this.#fatal('too-deep', `a value nests deeper than ${this.#limits.maxDepth} levels`, where);
    }
    stack.push(value);
    let out: unknown;
    if (Array.isArray(value)) {
      const arr: unknown[] = new Array(value.length);
      for (let i = 0; i < value.length; i++) arr[i] = this.#copyDeep(value[i], key, depth + 1, stack);
      out = arr;
    } else {
      if (!isPlainObject(value)) this.#fatal('not-json', notJsonReason(value) ?? 'not JSON data', this.#pointer(key === undefined ? undefined : [key]));
      const obj: JsonObject = {};
      for (const k in value) put(obj, k, this.#copyDeep(value[k], key, depth + 1, stack));
      out = obj;
    }
    stack.pop();
    return out;
  }
}

/** Marks a keyword the walk leaves out after walking it. */
const SKIP: unknown = Symbol('skip');

/** A union whose every branch is an object schema (so the whole accepts objects only). */
function objectUnion(branches: unknown): boolean {
  return Array.isArray(branches) && branches.length > 0 && branches.every((b) => isPlainObject(b) && (b.type === 'object' || OBJECT_KEYWORDS.some((k) => hasOwn(b, k))));
}

/** Keywords that constrain objects only. */
const OBJECT_KEYWORDS = ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties'];

/** Marks where the kept definitions go while the root is still being built. */
const PLACEHOLDER: JsonObject = Object.freeze({}) as JsonObject;

