/**
 * The walk's state (docs/architecture.md): what one schema's walk carries from node to node, shared
 * by every pass. Separate because the passes live in their own modules and a class's private
 * fields cannot be reached from them; one plain class with a fixed shape keeps property access fast.
 */
import type { Diagnostic } from '../diagnostics.js';
import { hasOwn, type JsonObject } from './data.js';
import type { Plan } from './plan.js';
import type { RefIndex, RefTarget } from './refs.js';
import type { RefGraph } from './ref-graph.js';
import type { GivenCount } from '../rules/jsonpath.js';
import { LimitCounts } from './limits.js';
import { at, pointer, report } from './walk-paths.js';

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

export interface NoteEvent {
  event: string;
  vars: Record<string, string>;
  /** For explain: the input keyword whose rule this event's sentence carries (a `$ref` cut or not fetched). */
  explainAt?: string;
}

export class WalkState {
  readonly plan: Plan;
  readonly limits: WalkLimits;
  /** Where reports go; a walker kept for the next conversion is handed that conversion's list. */
  diags: Diagnostic[];
  readonly explain: Explanation[] | undefined;

  // per schema
  root: unknown = undefined;
  prefix = '';
  /** The schema is a tool's outputSchema, which MCP clients compile with Ajv (nulls.ts, nullable-type.ts). */
  output = false;
  tokens: string[] = [];
  depth = 0;
  nodes = 0;
  draft07 = false;
  /** Whether this schema's `$dynamicRef`s read as `$ref` (walk-dynamic.ts); found on the first one. */
  dynamicAsRef: boolean | undefined = undefined;
  normalize = false;
  refs: RefIndex | undefined = undefined;
  path: unknown[] = [];
  inlining: RefTarget[] = [];
  inlineNodes: unknown[] = [];
  /** The input nodes whose reference is being written out in place beside its siblings (walk-refs.ts mergedForClosure). */
  closureMerges: unknown[] = [];
  defNames = new Map<unknown, string>();
  /**
   * With references.unreferenced: drop, each root definition (in declaration order) with the name
   * held for it until a reference reaches it, and whether one did (a broken cycle's reference
   * reaches its definition without naming it).
   */
  reservedNames = new Map<unknown, { name: string; container: string; key: string; reached: boolean }>();
  usedNames = new Set<string>();
  defQueue: RefTarget[] = [];
  graph: RefGraph | undefined = undefined;
  /** The reference graph without the re-entries a caller can stop (references.keepCyclesThrough). */
  stoppable: RefGraph | undefined = undefined;
  /** The last refs, graph and stoppable, held from schema to schema so their classes live on (walk-refs.ts). */
  readonly kept: { refs: RefIndex | undefined; graph: RefGraph | undefined; stoppable: RefGraph | undefined } = { refs: undefined, graph: undefined, stoppable: undefined };
  /** Per `given` rule: the canonical nodes it selects in this schema (built at the first node that asks). */
  givenSets: Set<object>[] | undefined = undefined;
  /** Per `given` rule: how often its script ran and threw in this schema. */
  givenCounts: GivenCount[] | undefined = undefined;
  placeholderSeen = false;
  /** Nodes given a `nullable` flag beside an anyOf but no `type`, with their input pointers (nullable-type.ts). */
  typelessNullables: [JsonObject, string][] = [];
  /**
   * For objects the walk builds from several input places (a merged allOf, a $ref merged with its
   * siblings): key -> the input tokens of that key's value, so diagnostics point into the input.
   */
  origins: WeakMap<object, Map<string, readonly string[]>> | undefined = undefined;
  /** A reference written out with its siblings merged in -> the pointer of the node holding the reference (composed.ts). */
  mergeSites: WeakMap<object, string> | undefined = undefined;
  /** A definition written out in place -> the property where it was first written out in this schema (cycle-label.ts). */
  firstUse: Map<unknown, string> | undefined = undefined;
  /** Definitions that some composed object of this schema takes as a part (composed.ts), found at the first ask. */
  composedParts: Set<unknown> | undefined = undefined;
  /** Nodes the walk made up (a cycle stub): explain has nothing of the input to say about them. */
  readonly madeUp = new WeakSet<object>();
  /** The stubs that cut a cycle (walk-refs.ts): closed as built, never read as an open map. */
  readonly stubs = new WeakSet<object>();
  /**
   * Names the walk declared in a properties map it built (a required name the object did not
   * declare: walk-required.ts) -> the tokens of that required entry, where a fault in the name
   * itself (a name the dialect cannot spell) is reported.
   */
  declaredAt: WeakMap<object, Map<string, readonly string[]>> | undefined = undefined;
  /** Keys the walk wrote into a node it built (the `not` standing for a false target). */
  madeUpKeys: WeakMap<object, Set<string>> | undefined = undefined;
  /** keyword -> the input keyword it was read from (const read as enum), per built node. */
  readAs: WeakMap<object, Map<string, string>> | undefined = undefined;
  /** The input node whose type spelling is being written (for a conflict's pointer). */
  typeNode: JsonObject = {};
  /** Names of `false` properties the last properties walk left out (no spelling for "nothing"). */
  falseNames: string[] | undefined = undefined;
  /** Size counts of the current output schema, kept as nodes finish (only when the dialect has limits). */
  readonly counts = new LimitCounts();
  /** Deepest object nesting below the node being finished (for the depth limit). */
  levelMax = 0;
  /** The parent's single type, handed to the typeless branches of its anyOf / oneOf. */
  inheritType: string | undefined = undefined;
  /** The name of the any-value definition in this output, once a spelling references it (any-value.ts). */
  anyValueName: string | undefined = undefined;

  constructor(plan: Plan, limits: WalkLimits, diags: Diagnostic[], explain?: Explanation[]) {
    this.plan = plan;
    this.limits = limits;
    this.diags = diags;
    this.explain = explain;
  }

  /** Called by the type spelling step when a spelling cannot be written (see typeNode). */
  typeConflict(message: string): void {
    const node = this.typeNode;
    report(this, 'type-spelling', 'warning', message, hasOwn(node, 'type') ? at(this, node, 'type') : pointer(this));
  }
}

/** Marks a keyword the walk leaves out after walking it. */
export const SKIP: unknown = Symbol('skip');

/** Marks where the kept definitions go while the root is still being built. */
export const PLACEHOLDER: JsonObject = Object.freeze({}) as JsonObject;
