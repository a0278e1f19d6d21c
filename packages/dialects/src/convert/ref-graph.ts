/**
 * The reference graph of one schema: which targets a node references (references not followed)
 * and whether a target lies on a cycle. Built lazily, only for dialects that keep some references
 * and break others; every answer is memoised, so a long chain of definitions costs linear time.
 */
import { isPlainObject, own } from './data.js';
import { eachSubschema } from './keywords.js';
import type { RefIndex } from './refs.js';

/**
 * A way out of a recursion: the walk from a node to the references inside it does not go past a
 * step this answers true for (parent schema, keyword, key), so the graph holds only the re-entries
 * a caller cannot stop.
 */
export type WayOut = (parent: Record<string, unknown>, keyword: string, key: string | number) => boolean;

export class RefGraph {
  readonly #index: RefIndex;
  readonly #maxScan: number;
  readonly #wayOut: WayOut | undefined;
  readonly #cyclic = new Map<unknown, boolean>();
  readonly #refsWithin = new Map<unknown, unknown[]>();
  // The cycle search's state, kept from one search to the next: a search settles every node it
  // visits (#cyclic) and ends with its stack empty, and a later one skips settled nodes before it
  // reads their order, so nothing needs emptying (emptying a Map allocates its table anew, and a
  // schema with definitions asks about each of them, one search at a time).
  readonly #order = new Map<unknown, number>();
  readonly #low = new Map<unknown, number>();
  readonly #onStack = new Set<unknown>();
  // The scan's visited set, emptied before each scan (a scan does not call itself).
  readonly #seen = new Set<unknown>();

  // The index itself, not a function that makes it: making one reads nothing of the schema, so
  // the walk hands over the schema's index when it first needs the graph.
  constructor(index: RefIndex, maxScan: number, wayOut?: WayOut) {
    this.#index = index;
    this.#maxScan = maxScan;
    this.#wayOut = wayOut;
  }

  /**
   * Whether a target lies on a reference cycle. One iterative Tarjan pass over the reference graph
   * reachable from the node settles every node it meets, so a chain of N definitions costs O(N).
   */
  isCyclic(node: unknown): boolean {
    const known = this.#cyclic.get(node);
    if (known !== undefined) return known;
    const index = this.#order;
    const low = this.#low;
    const onStack = this.#onStack;
    const stack: unknown[] = [];
    const work: { node: unknown; next: number; edges: unknown[] }[] = [{ node, next: 0, edges: this.#targetsWithin(node) }];
    index.set(node, 0);
    low.set(node, 0);
    stack.push(node);
    onStack.add(node);
    let counter = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: unknown; next: number; edges: unknown[] };
      if (frame.next < frame.edges.length) {
        const m = frame.edges[frame.next++];
        if (this.#cyclic.has(m)) continue;
        if (!index.has(m)) {
          index.set(m, counter);
          low.set(m, counter);
          counter++;
          stack.push(m);
          onStack.add(m);
          work.push({ node: m, next: 0, edges: this.#targetsWithin(m) });
        } else if (onStack.has(m)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(m) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: unknown[] = [];
        let m: unknown;
        do {
          m = stack.pop();
          onStack.delete(m);
          component.push(m);
        } while (m !== frame.node);
        const cyclic = component.length > 1 || frame.edges.includes(frame.node);
        for (const c of component) this.#cyclic.set(c, cyclic);
      }
    }
    return this.#cyclic.get(node) as boolean;
  }

  /** The local targets referenced anywhere inside a node (references are not followed). */
  #targetsWithin(node: unknown): unknown[] {
    let list = this.#refsWithin.get(node);
    if (list) return list;
    list = [];
    const stack: unknown[] = [node];
    const seen = this.#seen;
    seen.clear();
    const out = this.#wayOut;
    let n: Record<string, unknown> = {};
    // One visitor for the whole scan (not one closure per node): it reads the node being scanned.
    const push = (child: unknown, keyword: string, key: string | number | undefined): void => {
      if (!out?.(n, keyword, key ?? keyword)) stack.push(child);
    };
    while (stack.length > 0 && seen.size < this.#maxScan) {
      const next = stack.pop();
      if (!isPlainObject(next) || seen.has(next)) continue;
      n = next;
      seen.add(n);
      const ref = own(n, '$ref');
      if (typeof ref === 'string') {
        const r = this.#index.resolve(ref, n);
        if (r.kind === 'local') list.push(r.target.node);
      }
      eachSubschema(n, push);
    }
    this.#refsWithin.set(node, list);
    return list;
  }

}
