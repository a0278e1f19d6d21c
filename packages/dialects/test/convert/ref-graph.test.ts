// The reference graph (src/convert/ref-graph.ts) answers "does this target lie on a cycle?" for
// one schema, one search at a time, keeping each search's state for the next. Its answers must not
// depend on which targets were asked about before, nor on the order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RefGraph } from '../../src/convert/ref-graph.js';
import { RefIndex } from '../../src/convert/refs.js';
import { runs } from '../properties/fixtures.js';

/** A schema whose definitions d0..dn-1 reference each other by the given edges (some nested deeper). */
function schemaWith(n: number, edges: [number, number][]): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const refs = edges.filter(([from]) => from === i).map(([, to], j) => (j % 2 === 0 ? { $ref: `#/$defs/d${to}` } : { type: 'array', items: { $ref: `#/$defs/d${to}` } }));
    $defs[`d${i}`] = { type: 'object', description: `definition ${i}`, properties: Object.fromEntries(refs.map((r, j) => [`p${j}`, r])) };
  }
  return { type: 'object', properties: { root: { $ref: '#/$defs/d0' } }, $defs };
}

/** Whether definition i reaches itself through one or more references (the answer by brute force). */
function onCycle(n: number, edges: [number, number][], i: number): boolean {
  const seen = new Set<number>();
  const stack = edges.filter(([from]) => from === i).map(([, to]) => to);
  while (stack.length > 0) {
    const x = stack.pop() as number;
    if (x === i) return true;
    if (seen.has(x)) continue;
    seen.add(x);
    for (const [from, to] of edges) if (from === x) stack.push(to);
  }
  return false;
}

describe('reference graph', () => {
  it('answers each definition as brute force does, whatever was asked before and in whatever order', () => {
    const graphs = fc
      .integer({ min: 1, max: 7 })
      .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 12 }), fc.shuffledSubarray([...Array(n).keys()], { minLength: n })));
    fc.assert(
      fc.property(graphs, ([n, edges, order]) => {
        const schema = schemaWith(n, edges);
        const defs = schema.$defs as Record<string, unknown>;
        const graph = new RefGraph(new RefIndex(schema), 1_000_000);
        for (const i of order) expect(graph.isCyclic(defs[`d${i}`]), `d${i} of ${JSON.stringify(edges)}`).toBe(onCycle(n, edges, i));
      }),
      runs(300),
    );
  });

  it('knows a self-reference, a cycle through a nested reference, and a target that only leads into one', () => {
    const schema = {
      $defs: {
        self: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/self' }] },
        outer: { type: 'object', properties: { inner: { type: 'object', properties: { back: { $ref: '#/$defs/outer' } } } } },
        viaInner: { $ref: '#/$defs/outer/properties/inner' },
        plain: { type: 'integer' },
      },
    };
    const graph = new RefGraph(new RefIndex(schema), 1_000_000);
    const d = schema.$defs;
    expect([graph.isCyclic(d.plain), graph.isCyclic(d.self), graph.isCyclic(d.viaInner), graph.isCyclic(d.outer)]).toEqual([false, true, false, true]);
    // Inside outer's cycle, but no reference re-enters it there: the re-entry is outer itself.
    expect(graph.isCyclic(d.outer.properties.inner)).toBe(false);
  });
});
