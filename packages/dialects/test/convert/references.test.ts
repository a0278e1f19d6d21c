import { describe, expect, it } from 'vitest';
import { convert, lintTools, loadDialects } from '@redouble/dialects';
import { codes, dialectFrom, STANDARD_NOTES } from './helpers.js';

const registry = loadDialects();
const flat = registry.get('flat');
const canonical = registry.get('canonical');
const keep = dialectFrom(`rules:
  - id: refs
    source: spec
    references: { mode: keep, cycles: keep }`, { notes: STANDARD_NOTES });
const keepBreak = dialectFrom(`rules:
  - id: refs
    source: spec
    references: { mode: keep, cycles: break }`, { notes: STANDARD_NOTES });
const bare = dialectFrom(`rules:
  - id: refs
    source: spec
    references: { mode: keep, definitionsKeyword: defs, refKeyword: ref, refPrefix: "#/defs/", siblings: wrap-anyof }`);

const tree = {
  type: 'object',
  properties: { root: { $ref: '#/$defs/Node' } },
  $defs: { Node: { type: 'object', description: 'A tree node.', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
};

describe('references, inlined', () => {
  it('follows #/$defs/X, #/definitions/X and any pointer, and drops the definitions', () => {
    const out = convert(
      {
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/definitions/B' }, c: { type: 'object', properties: { x: { type: 'string' } } }, d: { $ref: '#/properties/c/properties/x' } },
        $defs: { A: { type: 'integer' } },
        definitions: { B: { type: 'boolean' } },
      },
      flat,
    );
    expect(out.diagnostics).toEqual([]);
    expect(out.output).toEqual({
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'boolean' }, c: { type: 'object', properties: { x: { type: 'string' } } }, d: { type: 'string' } },
    });
  });

  it('decodes ~0, ~1 and percent escapes, and finds $anchor names', () => {
    const out = convert(
      {
        type: 'object',
        properties: { 'a/b': { type: 'string' }, 'c~d': { type: 'number' }, 'e f': { type: 'boolean' }, x: { $ref: '#/properties/a~1b' }, y: { $ref: '#/properties/c~0d' }, z: { $ref: '#/properties/e%20f' }, w: { $ref: '#item' } },
        $defs: { Item: { $anchor: 'item', type: 'integer' } },
      },
      flat,
    ).output as { properties: Record<string, unknown> };
    expect(out.properties.x).toEqual({ type: 'string' });
    expect(out.properties.y).toEqual({ type: 'number' });
    expect(out.properties.z).toEqual({ type: 'boolean' });
    expect(out.properties.w).toEqual({ type: 'integer' });
  });

  it('applies a $ref and its siblings both: annotations beside it win, conflicting assertions become allOf', () => {
    const out = convert(
      { type: 'object', properties: { a: { $ref: '#/$defs/A', description: 'use-site', maxLength: 3 }, b: { $ref: '#/$defs/A', minLength: 5 } }, $defs: { A: { type: 'string', description: 'def', minLength: 1 } } },
      flat,
    ).output;
    expect(out).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', description: 'use-site', minLength: 1, maxLength: 3 },
        b: { allOf: [{ type: 'string', description: 'def', minLength: 1 }, { minLength: 5 }] },
      },
    });
  });

  it('breaks a cycle at its re-entry into a titled shapeless object with the cycle sentence', () => {
    const out = convert(tree, flat).output as { properties: { root: { properties: { children: { items: unknown } } } } };
    expect(out.properties.root.properties.children.items).toEqual({ type: 'object', title: 'Node', description: 'A tree node. Repeats the structure of Node, to any depth.' });
    expect(JSON.stringify(out)).not.toMatch(/\$ref|\$defs/);
  });

  it('keeps what stands beside a reference on the stub where its cycle is cut', () => {
    const chain = { type: 'object', properties: { t: { $ref: '#/$defs/T' } }, $defs: { T: { type: 'object', properties: { name: { type: 'string' }, next: { $ref: '#/$defs/T', properties: { d: { type: 'integer' } }, required: ['d'] } } } } };
    const next = (convert(chain, flat).output as any).properties.t.properties.next;
    expect(next.title).toBe('T');
    expect(next.properties).toEqual({ d: { type: 'integer' } });
    expect(next.required).toEqual(['d']);
  });

  it('breaks mutual recursion at the first definition met again', () => {
    const out = convert(
      { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } }, B: { type: 'object', properties: { a: { $ref: '#/$defs/A' } } } } },
      flat,
    ).output;
    expect(out).toEqual({
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { a: { type: 'object', title: 'A', description: 'Repeats the structure of A, to any depth.' } } } } } },
    });
  });

  it('breaks recursion through a plain JSON pointer (a real chart tool shape)', () => {
    const schema = {
      type: 'object',
      properties: { data: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/properties/data/properties/children/items' } } } } } } } },
    };
    const out = convert(schema, flat);
    expect(out.ok).toBe(true);
    const inner = (out.output as any).properties.data.properties.children.items.properties.children.items;
    expect(inner.type).toBe('object');
    expect(inner.description).toMatch(/^Repeats the structure of \S+, to any depth\.$/);
    expect(inner.title).toBe('data_children_items');
  });

  it('inlines a root $ref and keeps the root an object', () => {
    const out = convert({ $ref: '#/$defs/R', $defs: { R: { type: 'object', properties: { x: { type: 'string' } } } } }, flat).output;
    expect(out).toEqual({ type: 'object', properties: { x: { type: 'string' } } });
  });

  it('reads draft-07 references into definitions', () => {
    const out = convert({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { $ref: '#/definitions/A' } }, definitions: { A: { type: 'string' } } }, flat).output;
    expect(out).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });

  it('reports a reference to nothing as an error and an external one as a warning, never fetched', () => {
    const r = convert({ type: 'object', properties: { a: { $ref: '#/$defs/nothing' }, b: { $ref: 'https://example.com/s.json' } } }, flat);
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ['unresolved-ref', 'error', '/properties/a/$ref'],
      ['external-ref', 'warning', '/properties/b/$ref'],
    ]);
    expect((r.output as any).properties.b).toEqual({ description: 'Must match the schema at https://example.com/s.json, which is not included here.' });
    const c = convert({ type: 'object', properties: { a: { $ref: '#/$defs/nothing' } } }, canonical);
    expect(codes(c.diagnostics)).toEqual(['unresolved-ref']);
    expect(c.output).toEqual({ type: 'object', properties: { a: { $ref: '#/$defs/nothing' } } });
  });

  it('reports {"$ref": "#"} as a cycle with no way out, in every dialect', () => {
    for (const d of [flat, canonical, keep]) {
      const r = convert({ $ref: '#' }, d);
      expect(codes(r.diagnostics)).toContain('ref-cycle-no-exit');
      expect(r.output).toBeDefined();
    }
    expect(convert({ $ref: '#' }, flat).output).toEqual({ type: 'object', title: 'root', description: 'Repeats the structure of root, to any depth.' });
  });

  it('reports a definition that applies itself through an allOf branch as a cycle with no way out, in every dialect and in lint', () => {
    const schema = { type: 'object', properties: { n: { $ref: '#/$defs/N' } }, $defs: { N: { allOf: [{ $ref: '#/$defs/N' }, { type: 'object', properties: { v: { type: 'string' } } }] } } };
    for (const d of registry.list().map((i) => registry.get(i.id))) {
      const r = convert(schema, d);
      expect(r.diagnostics.filter((x) => x.code === 'ref-cycle-no-exit').map((x) => x.path), d.id).toEqual(['/$defs/N/allOf/0/$ref']);
    }
    const linted = lintTools([{ name: 't', inputSchema: schema }]).diagnostics.filter((x) => x.severity === 'error');
    expect(linted.map((x) => x.path)).toEqual(['/0/inputSchema/$defs/N/allOf/0/$ref']);
    // a recursion that goes through a property (the value changes) is no such cycle
    const tree = { type: 'object', properties: { n: { $ref: '#/$defs/N' } }, $defs: { N: { allOf: [{ type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/N' } } } }] } } };
    for (const d of [flat, canonical, keep]) expect(codes(convert(tree, d).diagnostics)).not.toContain('ref-cycle-no-exit');
    expect(lintTools([{ name: 't', inputSchema: tree }]).diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
  });
});

describe('references, kept', () => {
  it('keeps definitions, re-spells definitions as $defs and lifts pointers into definitions', () => {
    const out = convert(
      {
        type: 'object',
        properties: { a: { $ref: '#/properties/b' }, b: { type: 'object', properties: { c: { type: 'string' } } }, x: { $ref: '#/definitions/X' } },
        definitions: { X: { type: 'string' } },
      },
      keep,
    ).output;
    expect(out).toEqual({
      type: 'object',
      properties: { a: { $ref: '#/$defs/b' }, b: { type: 'object', properties: { c: { type: 'string' } } }, x: { $ref: '#/$defs/X' } },
      $defs: { X: { type: 'string' }, b: { type: 'object', properties: { c: { type: 'string' } } } },
    });
  });

  it('keeps recursion when cycles are kept, and breaks only cyclic definitions when they are not', () => {
    expect(convert(tree, keep).output).toEqual(tree);
    const withLeaf = { ...tree, properties: { ...tree.properties, leaf: { $ref: '#/$defs/Leaf' } }, $defs: { ...tree.$defs, Leaf: { type: 'string' } } };
    const out = convert(withLeaf, keepBreak).output as any;
    expect(out.properties.leaf).toEqual({ $ref: '#/$defs/Leaf' });
    expect(out.$defs).toEqual({ Leaf: { type: 'string' } });
    expect(out.properties.root.properties.children.items).toEqual({ type: 'object', title: 'Node', description: 'A tree node. Repeats the structure of Node, to any depth.' });
  });

  it('spells references with the dialect keywords and wraps a reference with siblings in anyOf', () => {
    const out = convert({ type: 'object', properties: { a: { $ref: '#/$defs/A', description: 'An A.' } }, $defs: { A: { type: 'string' } } }, bare).output;
    expect(out).toEqual({ type: 'object', properties: { a: { anyOf: [{ ref: '#/defs/A' }], description: 'An A.' } }, defs: { A: { type: 'string' } } });
  });

  it('never hands on an external reference: its sentence carries it, with a warning', () => {
    const r = convert({ type: 'object', properties: { a: { $ref: 'other.json#/x', description: 'An x.' } } }, keep);
    expect(r.output).toEqual({ type: 'object', properties: { a: { description: 'An x. Must match the schema at other.json#/x, which is not included here.' } } });
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([['external-ref', 'warning', '/properties/a/$ref']]);
  });

  it('checks a $dynamicRef where it stands in every dialect: an external one is a warning, a dangling one an error, each at its own keyword', () => {
    const schema = { type: 'object', properties: { f: { $dynamicRef: 'https://example.com/dyn.json#meta' }, b: { $dynamicRef: '#nope' }, a: { $dynamicRef: '#n' } }, $defs: { N: { $dynamicAnchor: 'n', type: 'string' } } };
    for (const name of ['canonical', 'flat', 'anthropic_strict']) {
      const found = convert(schema, loadDialects().get(name)).diagnostics.filter((d) => d.code === 'external-ref' || d.code === 'unresolved-ref');
      expect(found.map((d) => [d.code, d.severity, d.path]), name).toEqual([
        ['unresolved-ref', 'error', '/properties/b/$dynamicRef'],
        ['external-ref', 'warning', '/properties/f/$dynamicRef'],
      ]);
    }
  });

  it('says that writing references out nests too deep, through which definitions and from where, when the schema itself is shallow', () => {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) $defs[`C${i}`] = i + 1 < 300 ? { type: 'object', properties: { next: { $ref: `#/$defs/C${i + 1}` } } } : { type: 'string' };
    const r = convert({ type: 'object', properties: { x: { $ref: '#/$defs/C0' } }, $defs }, loadDialects().get('flat'));
    expect(r.output).toBeUndefined();
    const [d] = r.diagnostics;
    expect(d?.code).toBe('too-deep');
    expect(d?.message).toMatch(/^writing references out in place nests deeper than 256 levels here \(through C0 > C1 > C2 > \.\.\. \d+ more \.\.\. > C\d+ > C\d+ > C\d+, from \/\$defs\/C0\); conversion stopped$/);
  });

  it('gives each schema of an input its own references, though one walker serves them all', () => {
    // A walker serves schema after schema and holds on to the last one's index and graphs: none of
    // that may leak into the next. Here the second schema has a definition of the same name,
    // acyclic where the first's recursed, and two schemas name the same anchor.
    const leaf = { type: 'object', properties: { root: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'string', description: 'A leaf.' } } };
    const anchored = { type: 'object', properties: { a: { $ref: '#it' } }, $defs: { Node: { $anchor: 'it', type: 'integer' } } };
    const reanchored = { type: 'object', properties: { b: { $ref: '#it' } }, $defs: { Other: { $anchor: 'it', type: 'boolean' } } };
    const tool = (name: string, inputSchema: object) => ({ name, inputSchema });
    for (const dialect of [keepBreak, keep, flat]) {
      // Options given: each of these conversions has a walker of its own, which serves nothing else.
      const alone = [tree, leaf, anchored, reanchored, tree].map((s) => convert(s, dialect, {}));
      const together = convert({ tools: [tool('a', tree), tool('b', leaf), tool('c', anchored), tool('d', reanchored), tool('e', tree)] }, dialect);
      expect((together.output as any).tools.map((t: any) => t.inputSchema)).toEqual(alone.map((r) => r.output));
      expect(together.diagnostics.map((d) => d.path.replace(/^\/tools\/\d\/inputSchema/, ''))).toEqual(alone.flatMap((r) => r.diagnostics.map((d) => d.path)));
      // and one at a time, from the walker kept for calls without options, which served them all before
      for (const [i, s] of [leaf, tree, anchored, reanchored, leaf].entries()) expect(convert(s, dialect).output).toEqual(alone[[1, 0, 2, 3, 1][i]!]!.output);
    }
    expect((convert(leaf, keepBreak).output as any).properties.root).toEqual({ $ref: '#/$defs/Node' });
  });

  it('spells definition names as valid URI fragments', () => {
    const out = convert({ type: 'object', properties: { a: { $ref: '#/$defs/per%25cent' }, b: { $ref: '#/$defs/unix~1path' }, c: { $ref: '#/$defs/sp%20ace' } }, $defs: { 'per%cent': { type: 'string' }, 'unix/path': { type: 'integer' }, 'sp ace': { type: 'boolean' } } }, keep).output as any;
    expect(out.properties).toEqual({ a: { $ref: '#/$defs/per%25cent' }, b: { $ref: '#/$defs/unix~1path' }, c: { $ref: '#/$defs/sp%20ace' } });
    expect(Object.keys(out.$defs)).toEqual(['per%cent', 'unix/path', 'sp ace']);
  });
});

describe('references, unreferenced: drop', () => {
  const drop = dialectFrom(`rules:
  - id: refs
    source: spec
    references: { mode: keep, cycles: break, unreferenced: drop }`, { notes: STANDARD_NOTES });
  const keepAll = dialectFrom(`rules:
  - id: refs
    source: spec
    references: { mode: keep, cycles: break }`, { notes: STANDARD_NOTES });
  const infos = (r: ReturnType<typeof convert>) => r.diagnostics.filter((d) => d.code === 'definition-unreferenced');

  it('spells the definitions a reference reaches, in declared order, and names the others in one info per container', () => {
    const schema = {
      type: 'object',
      // Reached in the order A, C; declared C before A ($defs is gathered first). D is reached only
      // from B, which nothing reaches.
      properties: { a: { $ref: '#/definitions/A' }, c: { $ref: '#/$defs/C' } },
      definitions: { A: { type: 'integer' }, Unused: { type: 'null' } },
      $defs: { B: { type: 'object', properties: { d: { $ref: '#/$defs/D' } } }, C: { type: 'string' }, D: { type: 'boolean' } },
    };
    const r = convert(schema, drop);
    const out = r.output as { $defs: Record<string, unknown>; properties: Record<string, unknown> };
    expect(out.properties).toEqual({ a: { $ref: '#/$defs/A' }, c: { $ref: '#/$defs/C' } });
    expect(Object.keys(out.$defs)).toEqual(['C', 'A']);
    expect(infos(r)).toEqual([
      { code: 'definition-unreferenced', severity: 'info', message: 'no reference leads to the definitions "B", "D", so this dialect leaves them out', path: '/$defs' },
      { code: 'definition-unreferenced', severity: 'info', message: 'no reference leads to the definition "Unused", so this dialect leaves it out', path: '/definitions' },
    ]);
    // The same schema where every definition is spelled: the reached ones are the same, in the same order.
    const all = convert(schema, keepAll).output as { $defs: Record<string, unknown> };
    expect(Object.keys(all.$defs)).toEqual(['B', 'C', 'D', 'A', 'Unused']);
    for (const k of Object.keys(out.$defs)) expect(out.$defs[k]).toEqual(all.$defs[k]);
    expect(r.diagnostics.filter((d) => d.code !== 'definition-unreferenced')).toEqual(convert(schema, keepAll).diagnostics.filter((d) => !d.path.startsWith('/$defs/B') && !d.path.startsWith('/$defs/D') && !d.path.startsWith('/definitions/Unused')));
  });

  it('keeps each root definition its own name, reached or not, so a lifted target never takes it', () => {
    const r = convert({ type: 'object', properties: { x: { type: 'string' }, y: { $ref: '#/properties/x' } }, $defs: { x: { type: 'number' } } }, drop);
    const out = r.output as { $defs: Record<string, unknown>; properties: Record<string, unknown> };
    expect(out.properties.y).toEqual({ $ref: '#/$defs/x_2' });
    expect(out.$defs).toEqual({ x_2: { type: 'string' } });
    expect(infos(r).map((d) => d.path)).toEqual(['/$defs']);
  });

  it('does not report a definition whose reference is inlined as a broken cycle, and spells nothing when nothing is reached', () => {
    const r = convert(tree, drop);
    const out = r.output as Record<string, unknown>;
    expect(out.$defs).toBeUndefined();
    expect(infos(r)).toEqual([]);
    expect(codes(r.diagnostics)).toEqual(codes(convert(tree, keepAll).diagnostics));
    const none = convert({ type: 'object', properties: {}, $defs: { A: { type: 'string' } } }, drop);
    expect(none.output).toEqual({ type: 'object', properties: {} });
    expect(infos(none).map((d) => d.message)).toEqual(['no reference leads to the definition "A", so this dialect leaves it out']);
  });
});

describe('$dynamicRef in a document of one resource', () => {
  const schema = {
    $id: 'https://example.com/s',
    type: 'object',
    properties: { a: { $dynamicRef: '#n', description: 'The value.' } },
    $defs: { N: { $dynamicAnchor: 'n', type: ['string', 'null'] } },
  };

  it('reads as the $ref it then means: kept, inlined or described as that reference', () => {
    expect((convert(schema, keep).output as any).properties.a).toEqual({ $ref: '#/$defs/N', description: 'The value.' });
    expect((convert(schema, flat).output as any).properties.a).toEqual({ type: ['string', 'null'], description: 'The value.' });
    // the identity keeps the keyword as written
    expect((convert(schema, canonical).output as any).properties.a).toEqual({ $dynamicRef: '#n', description: 'The value.' });
    // and a strict dialect no longer drops it for "any JSON value"
    const strict = convert(schema, registry.get('anthropic_strict'));
    expect(JSON.stringify(strict.output)).not.toContain('Any JSON value');
    expect(codes(strict.diagnostics)).not.toContain('rule-lost');
  });

  it('stays the keyword it is where another resource could take part in its dynamic scope', () => {
    const two = { ...schema, $defs: { ...schema.$defs, Other: { $id: 'https://example.com/other', $dynamicAnchor: 'n', type: 'integer' } } };
    expect((convert(two, keep).output as any).properties.a).toEqual({ $dynamicRef: '#n', description: 'The value.' });
  });
});

describe('references in a document that embeds another resource', () => {
  // The root's count is a string; the embedded item.json has its own count, an integer.
  const order = {
    $id: 'https://example.com/order.json',
    type: 'object',
    properties: { item: { $ref: 'item.json' }, gift: { $ref: '#/$defs/item' }, unit: { $ref: 'item.json#unit' }, note: { $ref: '#/$defs/count' } },
    $defs: {
      item: {
        $id: 'item.json',
        type: 'object',
        properties: { count: { $ref: '#/$defs/count' }, unit: { $ref: '#unit' } },
        $defs: { count: { type: 'integer' }, unit: { $anchor: 'unit', enum: ['kg', 'piece'] } },
      },
      count: { type: 'string' },
    },
  };

  it('reads each reference from the base URI in force where it is written, as a validator does', () => {
    const out = convert(order, flat);
    expect(out.diagnostics).toEqual([]);
    const item = { type: 'object', properties: { count: { type: 'integer' }, unit: { enum: ['kg', 'piece'] } } };
    expect((out.output as any).properties).toEqual({ item, gift: item, unit: { enum: ['kg', 'piece'] }, note: { type: 'string' } });
  });

  it('names the embedded targets apart from the root definitions of the same name when it keeps references', () => {
    const out = convert(order, keep);
    const defs = (out.output as any).$defs;
    expect((out.output as any).properties.item).toEqual({ $ref: '#/$defs/item' });
    const countRef = defs.item.properties.count.$ref as string;
    expect(countRef).not.toBe('#/$defs/count');
    expect(defs[countRef.slice('#/$defs/'.length)]).toEqual({ type: 'integer' });
    expect(defs.count).toEqual({ type: 'string' });
  });

  it('still calls a document it does not hold external, and a fragment the embedded resource lacks missing', () => {
    const out = convert({ ...order, properties: { a: { $ref: 'other.json' }, b: { $ref: 'item.json#/$defs/none' } } }, flat);
    expect(codes(out.diagnostics).sort()).toEqual(['external-ref', 'unresolved-ref']);
    expect(out.diagnostics.find((d) => d.code === 'unresolved-ref')?.path).toBe('/properties/b/$ref');
  });

  it('reads one JS object used in two resources from each place it stands (as its JSON copy reads)', () => {
    const count = { $ref: '#/$defs/count' };
    const shared = { ...order, properties: { note: count, item: { $ref: 'item.json' } }, $defs: { ...order.$defs, item: { ...order.$defs.item, properties: { count } } } };
    for (const d of [flat, keep]) expect(convert(shared, d).output).toEqual(convert(JSON.parse(JSON.stringify(shared)), d).output);
    const item = (convert(shared, flat).output as any).properties.item;
    expect(item.properties.count).toEqual({ type: 'integer' });
  });

  it('reads a draft-07 reference from the base around it, its sibling $id ignored with every other sibling (as lint does)', () => {
    const d7 = { $schema: 'http://json-schema.org/draft-07/schema#', $id: 'https://x.example/root.json', type: 'object', properties: { a: { $id: 'https://x.example/a.json', $ref: '#/definitions/X' } }, definitions: { X: { type: 'integer' } } };
    const out = convert(d7, flat);
    expect(codes(out.diagnostics)).not.toContain('unresolved-ref');
    expect((out.output as any).properties.a).toEqual({ type: 'integer' });
    expect(lintTools([{ name: 't', inputSchema: d7 }]).diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
  });

  it('refuses a relative reference against a base that is no hierarchy (a urn: $id), as lint does', () => {
    const out = convert({ $id: 'urn:example:root', type: 'object', properties: { p: { $ref: 'item.json' }, q: { $ref: 'urn:example:other' } } }, flat);
    expect(out.diagnostics.map((d) => `${d.severity} ${d.code} ${d.path}`)).toEqual(['error unresolved-ref /properties/p/$ref', 'warning external-ref /properties/q/$ref']);
  });

  it('leaves the canonical spelling as written and reports nothing about references that resolve', () => {
    const out = convert(order, canonical);
    expect(out.output).toEqual(order);
    expect(out.diagnostics).toEqual([]);
  });
});

describe('a reference in an allOf branch, or beside object keywords, where every object is closed', () => {
  const person = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name'], additionalProperties: false };
  const schema = {
    type: 'object',
    properties: {
      // pydantic v1's referenced field with a description
      owner: { description: 'The owner.', allOf: [{ $ref: '#/$defs/Person' }] },
      // and with one more rule beside it
      adult: { allOf: [{ $ref: '#/$defs/Person' }, { required: ['age'] }] },
      // an object extending an open base with its own property
      tagged: { type: 'object', $ref: '#/$defs/Base', properties: { tag: { type: 'string' } } },
    },
    required: ['owner'],
    additionalProperties: false,
    $defs: { Person: person, Base: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
  };
  // Every nested property sent, so the values read the same where optional ones are sent as null (openai_strict).
  const values = [{ owner: { name: 'a', age: 1 } }, { owner: { name: 'a', age: 3 }, adult: { name: 'b', age: 40 } }, { owner: { name: 'a', age: 1 }, tagged: { id: 1, tag: 'x' } }];
  const wrong = [{ owner: 'a' }, { owner: { age: 3 } }, { owner: { name: 'a' }, adult: { name: 'b' } }, { owner: { name: 'a' }, tagged: { tag: 'x' } }];
  const closing = registry.list().map((i) => i.id).filter((id) => /strict/.test(id));

  it.each(closing)('%s spells the referenced object, so its spelling accepts what the canonical schema accepts', async (id) => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const d = registry.get(id);
    const result = convert(schema, d);
    expect(JSON.stringify(result.output)).not.toContain('Any JSON value');
    expect(codes(result.diagnostics)).not.toContain('any-value-narrowed');
    const accepts = new Ajv2020({ strict: false }).compile(result.output as object);
    const asSent = (v: Record<string, unknown>) => (d.decodesNulls ? { ...Object.fromEntries(Object.keys(schema.properties).map((k) => [k, null])), ...v } : v);
    for (const v of values) expect(accepts(asSent(v)), `${id} ${JSON.stringify(v)} ${JSON.stringify(accepts.errors)}`).toBe(true);
    for (const v of wrong) expect(accepts(asSent(v)), `${id} ${JSON.stringify(v)}`).toBe(false);
  });

  it.each(closing)('%s merges several reference branches, one with a description, and one nested in another allOf', async (id) => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const d = registry.get(id);
    const more = {
      type: 'object',
      properties: {
        two: { allOf: [{ $ref: '#/$defs/P' }, { $ref: '#/$defs/Q' }] },
        described: { allOf: [{ $ref: '#/$defs/P', description: 'inner' }], required: ['p'] },
        nested: { allOf: [{ allOf: [{ $ref: '#/$defs/Q' }] }] },
      },
      required: ['two', 'described', 'nested'],
      $defs: { P: { type: 'object', properties: { p: { type: 'string' } } }, Q: { type: 'object', properties: { q: { type: 'integer' } }, required: ['q'] } },
    };
    const result = convert(more, d);
    const text = JSON.stringify(result.output);
    expect(text).not.toContain('Must match all of');
    expect(text).not.toContain('Any JSON value');
    const accepts = new Ajv2020({ strict: false }).compile(result.output as object);
    const good = { two: { p: 'a', q: 1 }, described: { p: 'x' }, nested: { q: 2 } };
    expect(accepts(good), `${id} ${JSON.stringify(accepts.errors)}`).toBe(true);
    expect(accepts({ ...good, two: { p: 'a' } }), id).toBe(false);
    expect(accepts({ ...good, described: {} }), id).toBe(false);
  });

  it('gives a recursion through a reference with object siblings a definition of its own where cycles are kept (openai_strict)', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const chain = { type: 'object', properties: { t: { $ref: '#/$defs/T' } }, required: ['t'], $defs: { T: { type: 'object', properties: { name: { type: 'string' }, next: { $ref: '#/$defs/T', properties: { d: { type: 'integer' } } } } } } };
    const result = convert(chain, registry.get('openai_strict'));
    const accepts = new Ajv2020({ strict: false }).compile(result.output as object);
    // three levels, every optional property sent (null where left out)
    const deep = { t: { name: 'a', next: { name: 'b', d: 1, next: { name: 'c', d: 2, next: null } } } };
    expect(accepts(deep), JSON.stringify(accepts.errors)).toBe(true);
    expect(accepts({ t: { name: 'a', next: { name: 'b', d: 1, next: { name: 'c', d: 'x', next: null } } } })).toBe(false);
  });

  it('writes a root reference beside object keywords out in place, so the root stays one closed object (no root union)', () => {
    const root = { type: 'object', $ref: '#/$defs/t', properties: { z: { type: 'boolean' } }, $defs: { t: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } } };
    for (const id of ['anthropic_strict', 'openai_strict', 'gemini']) {
      const result = convert(root, registry.get(id));
      expect(codes(result.diagnostics)).not.toContain('root-union');
      const out = result.output as Record<string, any>;
      expect(Object.keys(out.properties)).toEqual(['a', 'z']);
      expect(out.required).toContain('a');
    }
  });
});

describe('a reference beside a type list, where a reference with siblings is wrapped in anyOf', () => {
  it('is written out with the types (gemini), not replaced by the anyOf the type list becomes', () => {
    const schema = { type: 'object', properties: { p: { type: ['integer', 'string'], $ref: '#/$defs/n' } }, $defs: { n: { minimum: 10, minLength: 3 } } };
    const result = convert(schema, registry.get('gemini'));
    const p = (result.output as any).properties.p;
    expect(p.anyOf).toEqual([{ type: 'integer' }, { type: 'string' }]);
    // the target's rules still reach the reader
    expect(p.description).toBe('Must be at least 10. At least 3 characters.');
    expect(codes(result.diagnostics)).not.toContain('rule-lost');
  });
});
