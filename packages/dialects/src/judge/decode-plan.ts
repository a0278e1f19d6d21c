/**
 * The decoding plan of a canonical schema, computed once per schema: for every place a value can
 * sit, which properties may have their null removed and where to look deeper. Per call, the
 * decoder only follows this plan over the value (decode-nulls.ts).
 *
 * A plan node stands for the set of subschemas that all apply to one value (the schema, its
 * `$ref` target and its `allOf` members, recursively: the conjuncts). A null at property k is
 * removable when some conjunct declares k in `properties`, no conjunct lists k in `required`, and
 * some conjunct's subschema for k certainly refuses null. So a null is removed only where keeping
 * it could not be valid: decoding never turns a null that might be meant into an omission.
 *
 * Alternatives (`anyOf`/`oneOf`) and conditionals (`if`) are kept as branch points: which branch
 * applies is decided per call by validating the decoded candidates (decode-nulls.ts).
 *
 * `unevaluatedProperties` / `unevaluatedItems` (2020-12) are followed like `additionalProperties` /
 * `items` where the schema alone fixes which keys or items they cover: the keys no `properties` of
 * that schema's in-place subtree names, the items past every `prefixItems` of it. Where the value
 * decides (a key named only in a branch, `patternProperties`, `contains`, a `$dynamicRef` in a
 * document of several resources), they are not followed. Never followed, by decision (README):
 * `not` and `contains`, which do not describe every value they test, so they never make a property
 * optional; the value is decoded by the other keywords and then judged by them. Also not followed:
 * `dependentSchemas`, values of undeclared keys when `patternProperties` is present, a
 * `$dynamicRef` in a document of several resources (in one resource it is followed as the `$ref`
 * it means), refs leaving the document, and a `patternProperties` entry whose pattern the linear
 * engine declines (look-around, back-references): patterns are matched as null-omission.ts matches
 * them, so the plan never stalls on a hostile pattern and the two never disagree.
 */
import { nullAdmissionIn, type NullAdmission } from '../admits-null.js';
import { nullIsOmission } from '../null-omission.js';
import { patternMatches } from '../name-schemas.js';
import type { Loc, ResourceIndex } from '../resource-index.js';

export interface PropSlot {
  removable: boolean;
  node: PlanNode | null;
}

export interface Branch {
  node: PlanNode | null;
  /** Pointer of the branch subschema in the canonical schema, for compiling it in place. */
  pointer: string;
  /**
   * Every property name the branch's in-place subtree declares (its references and allOf members
   * followed, nested branches included). A dialect that closes every object spells the branch with
   * these names only, so its caller sends no other key to the branch it chose (decode-nulls.ts).
   */
  declares: ReadonlySet<string>;
}

export interface Alternatives {
  branches: Branch[];
}

export interface Conditional {
  ifPointer: string;
  then: PlanNode | null;
  otherwise: PlanNode | null;
}

export interface PlanNode {
  props: Map<string, PropSlot> | null;
  /** Plan for the values of keys no conjunct declares (from `additionalProperties`). */
  other: PlanNode | null;
  prefix: (PlanNode | null)[] | null;
  rest: PlanNode | null;
  alternatives: Alternatives[] | null;
  conditionals: Conditional[] | null;
}

interface Coverage {
  /** Property names the subtree evaluates on every passing validation. */
  names: Set<string>;
  /** Property names only a branch (anyOf, oneOf, if/then/else, dependentSchemas) may evaluate, each with its branches' subschemas for it (in the order met). */
  branchNames: Map<string, unknown[]>;
  /** The longest `prefixItems` anywhere in the subtree. */
  prefix: number;
  /** The covered set depends on the value, or is everything: not followed. */
  unknown: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

class PlanBuilder {
  private readonly memo = new Map<string, PlanNode>();
  private readonly nodes: PlanNode[] = [];
  private readonly nulls: NullAdmission;

  constructor(private readonly index: ResourceIndex) {
    this.nulls = nullAdmissionIn(index);
  }

  /** Where a `$dynamicRef` leads, in a document where it reads as `$ref` (ResourceIndex.dynamicRefsReadAsRefs). */
  private dynamicTarget(s: Record<string, unknown>, loc: Loc): Loc | undefined {
    const ref = s['$dynamicRef'];
    return typeof ref === 'string' && this.index.dynamicRefsReadAsRefs ? this.index.resolve(ref, loc) : undefined;
  }

  /** The schema, its `$ref` (or `$dynamicRef` read as one) target and its `allOf` members, recursively. */
  private conjuncts(loc: Loc, out: Loc[], seen: Set<string>): void {
    if (seen.has(loc.pointer)) return;
    seen.add(loc.pointer);
    const s = loc.schema;
    if (!isObj(s)) return;
    const ref = typeof s['$ref'] === 'string' ? this.index.resolve(s['$ref'], loc) : undefined;
    if (ref) this.conjuncts(ref, out, seen);
    const dynamic = this.dynamicTarget(s, loc);
    if (dynamic) this.conjuncts(dynamic, out, seen);
    if (this.index.draft === 'draft-07' && s['$ref'] !== undefined) return;
    out.push(loc);
    const allOf = s['allOf'];
    if (Array.isArray(allOf)) {
      allOf.forEach((_, i) => {
        const c = this.index.child(loc, 'allOf', i);
        if (c) this.conjuncts(c, out, seen);
      });
    }
  }

  /**
   * What the in-place subtree of `loc` evaluates, as `unevaluatedProperties`/`unevaluatedItems`
   * there see it: names (and prefix positions) every passing validation evaluates, names only a
   * branch may evaluate, and whether something value-dependent or total (`additionalProperties`,
   * `patternProperties`, `items`, `contains`, a nested `unevaluated*`, `$dynamicRef`) makes the
   * covered set unknowable from the schema alone.
   */
  private coverage(loc: Loc, kind: 'properties' | 'items'): Coverage {
    const cover: Coverage = { names: new Set(), branchNames: new Map(), prefix: 0, unknown: false };
    const seen = new Set<string>();
    const visit = (l: Loc, inBranch: boolean, top: boolean): void => {
      if (seen.has(l.pointer)) return;
      seen.add(l.pointer);
      const s = l.schema;
      if (!isObj(s)) return;
      const dynamic = this.dynamicTarget(s, l);
      if (dynamic) visit(dynamic, inBranch, false);
      else if (s['$dynamicRef'] !== undefined || s['$recursiveRef'] !== undefined) cover.unknown = true;
      if (typeof s['$ref'] === 'string') {
        const target = this.index.resolve(s['$ref'], l);
        if (target) visit(target, inBranch, false);
        else cover.unknown = true;
      }
      if (kind === 'properties') {
        if (s['additionalProperties'] !== undefined || isObj(s['patternProperties']) || (!top && s['unevaluatedProperties'] !== undefined)) cover.unknown = true;
        const props = s['properties'];
        if (isObj(props)) {
          for (const k of Object.keys(props)) {
            if (!inBranch) {
              cover.names.add(k);
              continue;
            }
            const list = cover.branchNames.get(k);
            if (list) list.push(props[k]);
            else cover.branchNames.set(k, [props[k]]);
          }
        }
      } else {
        if ((s['items'] !== undefined && !Array.isArray(s['items'])) || s['contains'] !== undefined || (!top && s['unevaluatedItems'] !== undefined)) cover.unknown = true;
        if (Array.isArray(s['prefixItems'])) cover.prefix = Math.max(cover.prefix, s['prefixItems'].length);
      }
      const each = (key: string, branch: boolean) => {
        const v = s[key];
        if (Array.isArray(v)) v.forEach((_, i) => { const c = this.index.child(l, key, i); if (c) visit(c, branch, false); });
        else if (v !== undefined) { const c = this.index.child(l, key); if (c) visit(c, branch, false); }
      };
      each('allOf', inBranch);
      for (const key of ['anyOf', 'oneOf', 'if', 'then', 'else']) each(key, true);
      if (isObj(s['dependentSchemas'])) {
        for (const k of Object.keys(s['dependentSchemas'])) {
          const c = this.index.child(l, 'dependentSchemas', k);
          if (c) visit(c, true, false);
        }
      }
    };
    visit(loc, false, true);
    return cover;
  }

  /** The `unevaluated<kind>` subschemas among the conjuncts whose coverage the schema fixes. */
  private unevaluated(all: Loc[], kind: 'properties' | 'items'): { loc: Loc; cover: Coverage }[] {
    if (this.index.draft !== '2020-12') return [];
    const key = kind === 'properties' ? 'unevaluatedProperties' : 'unevaluatedItems';
    const out: { loc: Loc; cover: Coverage }[] = [];
    for (const c of all) {
      if ((c.schema as Obj)[key] === undefined) continue;
      const loc = this.index.child(c, key);
      const cover = this.coverage(c, kind);
      if (loc && !cover.unknown) out.push({ loc, cover });
    }
    return out;
  }

  node(locs: Loc[]): PlanNode | null {
    const all: Loc[] = [];
    const seen = new Set<string>();
    for (const l of locs) this.conjuncts(l, all, seen);
    if (all.length === 0) return null;
    const key = all.map((l) => l.pointer).sort().join('\u0000');
    const cached = this.memo.get(key);
    if (cached) return cached;
    const node: PlanNode = { props: null, other: null, prefix: null, rest: null, alternatives: null, conditionals: null };
    this.memo.set(key, node);
    this.nodes.push(node);
    this.fillObject(node, all);
    this.fillArray(node, all);
    this.fillBranches(node, all);
    return node;
  }

  private fillObject(node: PlanNode, all: Loc[]): void {
    const names = new Set<string>();
    let hasPatterns = false;
    for (const c of all) {
      const s = c.schema as Obj;
      if (isObj(s['properties'])) for (const k of Object.keys(s['properties'])) names.add(k);
      if (isObj(s['patternProperties']) && Object.keys(s['patternProperties']).length) hasPatterns = true;
    }
    const unevaluated = this.unevaluated(all, 'properties');
    // A key only a branch names may or may not be evaluated: it gets its own slot, so it is never
    // read as one of the keys `unevaluatedProperties` covers.
    for (const u of unevaluated) for (const k of u.cover.branchNames.keys()) names.add(k);
    if (names.size) {
      node.props = new Map();
      const schemas = all.map((c) => c.schema);
      const refusesNull = (schema: unknown): boolean => this.nulls.of(schema) === 'no';
      for (const name of names) {
        const subs: Loc[] = [];
        for (const c of all) {
          const s = c.schema as Obj;
          let declared = false;
          if (isObj(s['properties']) && Object.prototype.hasOwnProperty.call(s['properties'], name)) {
            const l = this.index.child(c, 'properties', name);
            if (l) subs.push(l), (declared = true);
          }
          if (isObj(s['patternProperties'])) {
            for (const p of Object.keys(s['patternProperties'])) {
              // The linear engine null-omission.ts asks too: one answer, and no pattern can stall the plan.
              // One it declines may match, so the name is taken as declared (additionalProperties
              // would not apply to it then) and its value is not decoded under either.
              const matches = patternMatches(p, name);
              if (matches === undefined) declared = true;
              if (matches !== true) continue;
              const l = this.index.child(c, 'patternProperties', p);
              if (l) subs.push(l), (declared = true);
            }
          }
          if (!declared && s['additionalProperties'] !== undefined) {
            const l = this.index.child(c, 'additionalProperties');
            if (l) subs.push(l);
          }
        }
        for (const u of unevaluated) if (!u.cover.names.has(name) && !u.cover.branchNames.has(name)) subs.push(u.loc);
        const removable = nullIsOmission(schemas, name, refusesNull) || branchNullIsOmission(schemas, unevaluated, name, refusesNull);
        node.props.set(name, { removable, node: this.node(subs) });
      }
    }
    if (!hasPatterns) {
      const subs: Loc[] = [];
      for (const c of all) {
        const l = (c.schema as Obj)['additionalProperties'] !== undefined ? this.index.child(c, 'additionalProperties') : undefined;
        if (l) subs.push(l);
      }
      for (const u of unevaluated) subs.push(u.loc);
      node.other = subs.length ? this.node(subs) : null;
    }
  }

  private fillArray(node: PlanNode, all: Loc[]): void {
    const prefixes: (Loc | undefined)[][] = [];
    const rests: (Loc | undefined)[] = [];
    // `unevaluatedItems` covers the items past every `prefixItems` of its subtree: a conjunct
    // with that many empty positions and the subschema as its rest.
    for (const u of this.unevaluated(all, 'items')) {
      prefixes.push(new Array<undefined>(u.cover.prefix).fill(undefined));
      rests.push(u.loc);
    }
    let longest = 0;
    for (const c of all) {
      const s = c.schema as Obj;
      const legacyTuple = this.index.draft === 'draft-07' && Array.isArray(s['items']);
      const tupleKey = legacyTuple ? 'items' : 'prefixItems';
      const restKey = legacyTuple ? 'additionalItems' : this.index.draft === 'draft-07' || !Array.isArray(s['items']) ? 'items' : undefined;
      const tuple = s[tupleKey];
      const locs: Loc[] = [];
      if (Array.isArray(tuple)) tuple.forEach((_, i) => {
        const l = this.index.child(c, tupleKey, i);
        if (l) locs.push(l);
      });
      prefixes.push(locs);
      rests.push(restKey && s[restKey] !== undefined && !Array.isArray(s[restKey]) ? this.index.child(c, restKey) : undefined);
    }
    for (const p of prefixes) longest = Math.max(longest, p.length);
    if (longest) {
      node.prefix = [];
      for (let i = 0; i < longest; i++) {
        const subs: Loc[] = [];
        prefixes.forEach((p, ci) => {
          const l = i < p.length ? p[i] : rests[ci];
          if (l) subs.push(l);
        });
        node.prefix.push(this.node(subs));
      }
    }
    const restLocs = rests.filter((l): l is Loc => l !== undefined);
    node.rest = restLocs.length ? this.node(restLocs) : null;
  }

  private fillBranches(node: PlanNode, all: Loc[]): void {
    for (const c of all) {
      const s = c.schema as Obj;
      for (const kw of ['anyOf', 'oneOf']) {
        const list = s[kw];
        if (!Array.isArray(list)) continue;
        const branches: Branch[] = [];
        list.forEach((_, i) => {
          const l = this.index.child(c, kw, i);
          if (!l) return;
          const cover = this.coverage(l, 'properties');
          branches.push({ node: this.node([l]), pointer: l.pointer, declares: new Set([...cover.names, ...cover.branchNames.keys()]) });
        });
        (node.alternatives ??= []).push({ branches });
      }
      if (s['if'] !== undefined && (s['then'] !== undefined || s['else'] !== undefined)) {
        const ifLoc = this.index.child(c, 'if');
        const thenLoc = this.index.child(c, 'then');
        const elseLoc = this.index.child(c, 'else');
        if (ifLoc) {
          (node.conditionals ??= []).push({
            ifPointer: ifLoc.pointer,
            then: thenLoc ? this.node([thenLoc]) : null,
            otherwise: elseLoc ? this.node([elseLoc]) : null,
          });
        }
      }
    }
  }

  /**
   * Cuts every part of the plan under which nothing can ever be removed, so the per-call walk
   * stops as soon as a value holds nothing to decode.
   */
  prune(root: PlanNode | null): PlanNode | null {
    const live = new Set<PlanNode>();
    const isLive = (n: PlanNode | null): boolean => n !== null && live.has(n);
    let changed = true;
    while (changed) {
      changed = false;
      for (const n of this.nodes) {
        if (live.has(n)) continue;
        let l = false;
        if (n.props) for (const slot of n.props.values()) if (slot.removable || isLive(slot.node)) l = true;
        if (isLive(n.other) || isLive(n.rest) || n.prefix?.some(isLive)) l = true;
        if (n.alternatives?.some((a) => a.branches.some((b) => isLive(b.node)))) l = true;
        if (n.conditionals?.some((c) => isLive(c.then) || isLive(c.otherwise))) l = true;
        if (l) live.add(n), (changed = true);
      }
    }
    for (const n of this.nodes) {
      if (!isLive(n.other)) n.other = null;
      if (n.props) {
        for (const [k, slot] of n.props) {
          if (!isLive(slot.node)) slot.node = null;
          // An inert declared key stays while undeclared keys have a plan, so it is not mistaken for one.
          if (!slot.removable && !slot.node && !n.other) n.props.delete(k);
        }
        if (n.props.size === 0) n.props = null;
      }
      if (!isLive(n.rest)) n.rest = null;
      if (n.prefix) {
        n.prefix = n.prefix.map((p) => (isLive(p) ? p : null));
        // Dead positions still stand in front of a live rest: the rest starts after them.
        if (n.prefix.every((p) => p === null) && n.rest === null) n.prefix = null;
      }
      if (n.alternatives) {
        n.alternatives = n.alternatives.filter((a) => a.branches.some((b) => isLive(b.node)));
        for (const a of n.alternatives) for (const b of a.branches) if (!isLive(b.node)) b.node = null;
        if (n.alternatives.length === 0) n.alternatives = null;
      }
      if (n.conditionals) {
        n.conditionals = n.conditionals.filter((c) => isLive(c.then) || isLive(c.otherwise));
        for (const c of n.conditionals) {
          if (!isLive(c.then)) c.then = null;
          if (!isLive(c.otherwise)) c.otherwise = null;
        }
        if (n.conditionals.length === 0) n.conditionals = null;
      }
    }
    return isLive(root) ? root : null;
  }
}

/**
 * A name only branches beside an `unevaluatedProperties` declare (`{anyOf: [{properties: {card}},
 * {properties: {iban}}], unevaluatedProperties: false}`): its null is the omission it stands for
 * when no conjunct requires or declares it, every branch's subschema for it refuses null, and so
 * does every `unevaluatedProperties` that covers it when no branch that declares it holds. Then a
 * kept null is refused whichever branch applies. Convert declares such a name beside the object's
 * own (walk-evaluated.ts) and asks nullIsOmission of it there: the same answer where the closure
 * refuses null, and convert declares nothing where it does not.
 */
function branchNullIsOmission(schemas: readonly unknown[], unevaluated: readonly { loc: Loc; cover: Coverage }[], name: string, refusesNull: (schema: unknown) => boolean): boolean {
  for (const c of schemas) {
    if (!isObj(c)) continue;
    if (Array.isArray(c.required) && c.required.includes(name)) return false;
    if (isObj(c.properties) && Object.prototype.hasOwnProperty.call(c.properties, name)) return false;
  }
  let covered = false;
  for (const u of unevaluated) {
    if (u.cover.names.has(name)) return false;
    const branchSchemas = u.cover.branchNames.get(name);
    if (branchSchemas === undefined) continue;
    if (!refusesNull(u.loc.schema) || !branchSchemas.every(refusesNull)) return false;
    covered = true;
  }
  return covered;
}

/** The plan of a canonical schema; null when no null can ever be removed from its documents. */
export function buildDecodePlan(index: ResourceIndex): PlanNode | null {
  const builder = new PlanBuilder(index);
  return builder.prune(builder.node([index.root]));
}
