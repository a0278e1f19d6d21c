// The one $ref resource index (lint and the judge): every reference of the JSON-Schema-Test-Suite's
// ref, anchor, defs and remote-ref schemas is resolved by the index and by Ajv, and both must name
// the same schema object; plus the draft rules Ajv does not check (draft-07 anchors, no fetching).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_BASE, ResourceIndex, type Lookup, type SchemaNode } from '../../src/resource-index.js';
import { privateAjv } from '../../src/judge/ajv-instances.js';
import { lintTools } from '../../src/lint/run-lint.js';

const suite = join(import.meta.dirname, '../../../../corpus/json-schema-test-suite/tests');
const FILES = [
  ['draft2020-12', '2020-12', ['ref.json', 'anchor.json', 'defs.json', 'refRemote.json', 'dynamicRef.json']],
  ['draft7', 'draft-07', ['ref.json', 'definitions.json', 'refRemote.json']],
] as const;
// Bundled meta-schemas: Ajv holds them, the index calls them external (lint lets them pass).
const META = /^https?:\/\/json-schema\.org\//;

const isRefOnly = (s: unknown): s is { $ref: string } =>
  typeof s === 'object' && s !== null && Object.keys(s).length === 1 && typeof (s as { $ref?: unknown }).$ref === 'string';

/** Ajv's getSchema follows a target that is a bare `$ref` to its end; so does this, for comparing. */
function chainEnd(index: ResourceIndex, found: Lookup, stop: unknown): unknown {
  let node = found.kind === 'found' ? found.loc.schema : undefined;
  for (let hops = 0; hops < 16 && isRefOnly(node) && node !== stop; hops++) {
    const from = index.locOf(node);
    const next = from ? index.lookup(node.$ref, from.base) : undefined;
    node = next?.kind === 'found' ? next.loc.schema : undefined;
  }
  return node;
}

describe('ResourceIndex over the JSON-Schema-Test-Suite reference cases', () => {
  for (const [dir, draft, files] of FILES) {
    it(`${dir}: every $ref lands where Ajv resolves it`, () => {
      const tally = { same: 0, external: 0, ajvCannot: 0 };
      for (const file of files) {
        const cases = JSON.parse(readFileSync(join(suite, dir, file), 'utf8')) as { description: string; schema: SchemaNode }[];
        for (const c of cases) {
          const index = new ResourceIndex(c.schema, draft);
          const ajv = privateAjv(draft, false);
          ajv.addSchema(c.schema as object, PLACEHOLDER_BASE);
          for (const loc of index.locations()) {
            if (typeof loc.schema !== 'object' || typeof loc.schema.$ref !== 'string') continue;
            const ref = loc.schema.$ref;
            const mine = index.lookup(ref, loc.base);
            let theirs: unknown;
            let ajvFailed = false;
            try {
              theirs = ajv.getSchema(new URL(ref, loc.base).href)?.schema;
            } catch {
              // Ajv's own limits: a target whose refs lead to remotes, stack overflow on some
              // $id layouts, $dynamicRef with a non-fragment URI. Nothing to compare with.
              ajvFailed = true;
            }
            const where = `${file} "${c.description}" ${loc.pointer}/$ref ${ref}`;
            if (ajvFailed) {
              tally.ajvCannot++;
              expect(mine.kind, where).not.toBe('unresolved');
            } else if (mine.kind === 'external') {
              tally.external++;
              if (theirs !== undefined) expect(mine.uri, where).toMatch(META);
            } else {
              tally.same++;
              expect(mine.kind, where).toBe('found');
              expect(chainEnd(index, mine, theirs) === theirs, where).toBe(true);
            }
          }
        }
      }
      // The files hold references of every kind: pointers, anchors, nested $id, remotes.
      expect(tally.same).toBeGreaterThan(draft === '2020-12' ? 50 : 25);
      expect(tally.external).toBeGreaterThan(5);
    });
  }
});

describe('ResourceIndex: draft rules', () => {
  it('2020-12: $id changes the base of its subtree; $anchor names a location in its resource', () => {
    const schema = {
      $id: 'https://example.com/root.json',
      $defs: {
        inner: { $id: 'inner.json', $defs: { x: { type: 'string' } }, properties: { y: { $ref: '#/$defs/x' }, z: { $ref: '#here' } }, $anchor: 'here' },
        top: { $anchor: 'here', type: 'integer' },
      },
    };
    const index = new ResourceIndex(schema, '2020-12');
    const y = index.at('/$defs/inner/properties/y')!;
    expect(y.base).toBe('https://example.com/inner.json');
    const found = index.lookup('#/$defs/x', y.base);
    expect(found.kind === 'found' && found.loc.pointer).toBe('/$defs/inner/$defs/x');
    const z = index.lookup('#here', y.base);
    expect(z.kind === 'found' && z.loc.pointer).toBe('/$defs/inner');
    const top = index.lookup('#here', index.root.base);
    expect(top.kind === 'found' && top.loc.pointer).toBe('/$defs/top');
    const abs = index.lookup('https://example.com/inner.json#/$defs/x', index.root.base);
    expect(abs.kind === 'found' && abs.loc.pointer).toBe('/$defs/inner/$defs/x');
  });

  it('draft-07: $id "#name" is an anchor, not a base; $anchor is no keyword there and names nothing (round 27)', () => {
    const schema = { definitions: { item: { $id: '#item', type: 'string' }, other: { $anchor: 'other', type: 'integer' }, legacy: { $anchor: 'item', type: 'integer' } } };
    const index = new ResourceIndex(schema, 'draft-07');
    expect(index.at('/definitions/item')!.base).toBe(PLACEHOLDER_BASE);
    // The draft's own anchor, whatever a $anchor of the same name says (Ajv refused the pair as "more than one schema").
    const item = index.lookup('#item', PLACEHOLDER_BASE);
    expect(item.kind === 'found' && item.loc.pointer).toBe('/definitions/item');
    expect(index.duplicates).toEqual([]);
    expect(index.lookup('#other', PLACEHOLDER_BASE)).toEqual({ kind: 'unresolved', reason: 'names anchor "other", which this schema does not define (draft-07 declares one with $id: "#other"; $anchor is 2020-12\'s)' });
    expect(index.resolve('#other', index.root)).toBeUndefined();
  });

  it('a pointer with an escape RFC 6901 does not allow names nothing, and says why', () => {
    const index = new ResourceIndex({ $defs: { 'a~2': { type: 'string' } } }, '2020-12');
    expect(index.lookup('#/$defs/a~2', PLACEHOLDER_BASE)).toEqual({ kind: 'unresolved', reason: 'is not a valid JSON pointer: a "~" must be followed by 0 or 1 (RFC 6901)' });
    expect(index.lookup('#/$defs/a~', PLACEHOLDER_BASE).kind).toBe('unresolved');
  });

  it('pointers: escapes, percent-encoding, nothing there, not a schema, inside data', () => {
    const schema = { $defs: { 'a/b': { type: 'string' }, 'c~d': { type: 'integer' }, 'e f': { type: 'boolean' } }, enum: [{ type: 'null' }], required: ['x'] };
    const index = new ResourceIndex(schema, '2020-12');
    const at = (ref: string) => {
      const r = index.lookup(ref, PLACEHOLDER_BASE);
      return r.kind === 'found' ? r.loc.pointer : r.kind === 'unresolved' ? r.reason : r.uri;
    };
    expect(at('#/$defs/a~1b')).toBe('/$defs/a~1b');
    expect(at('#/$defs/c~0d')).toBe('/$defs/c~0d');
    expect(at('#/$defs/e%20f')).toBe('/$defs/e f');
    expect(at('#/$defs/zz')).toBe('points to nothing in this schema');
    expect(at('#/required')).toBe('points to a value that is not a schema');
    expect(at('#/$defs/%zz')).toBe('has a malformed percent-escape');
    // A schema-shaped value inside data resolves for lint, but the judge's index never enters data.
    expect(at('#/enum/0')).toBe('/enum/0');
    expect(index.resolve('#/enum/0', index.root)).toBeUndefined();
  });

  it('nothing is fetched: another document is external, with the URI it names', () => {
    const index = new ResourceIndex({ $id: 'https://example.com/a.json', properties: { b: { $ref: 'b.json#/x' } } }, '2020-12');
    expect(index.lookup('b.json#/x', index.root.base)).toEqual({ kind: 'external', uri: 'https://example.com/b.json', hash: '#/x' });
  });

  it('the first declaration of a URI or an anchor wins', () => {
    const index = new ResourceIndex({ $defs: { a: { $anchor: 'A', type: 'string' }, b: { $anchor: 'A', type: 'integer' } } }, '2020-12');
    const r = index.lookup('#A', PLACEHOLDER_BASE);
    expect(r.kind === 'found' && r.loc.pointer).toBe('/$defs/a');
  });

  it('lint never indexes a JS object that contains itself (it is reported as not JSON data)', () => {
    const node: Record<string, unknown> = { type: 'object', $defs: { x: { type: 'string' } } };
    node.properties = { a: node, b: node, c: { $ref: '#/$defs/x' } };
    const result = lintTools({ tools: [{ name: 't', inputSchema: node }] });
    expect(result.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });
});
