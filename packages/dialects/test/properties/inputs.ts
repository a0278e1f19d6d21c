// Generated inputs in the three shapes convert accepts: a bare schema, an MCP Tool, a tools/list result.
import fc from 'fast-check';
import { schemaArbitrary, toDraft07 } from './schema-arbitrary.js';
import type { Json } from './json-tools.js';

/** Any generated schema: without references, with acyclic or recursive ones, in 2020-12 or draft-07. */
export const anySchema: fc.Arbitrary<Json> = fc
  .tuple(fc.constantFrom('none', 'acyclic', 'recursive' as const), fc.boolean())
  .chain(([refs, draft07]) => schemaArbitrary({ refs, depth: 3 }).map((s) => (draft07 ? toDraft07(s) : s)));

const objectSchema = anySchema.map((s): Json => (s !== null && typeof s === 'object' && !Array.isArray(s) ? { type: 'object', ...s } : { type: 'object', properties: { v: s } }));

const tool = fc.record(
  {
    name: fc.constantFrom('get_thing', 'search', 'tool-3'),
    description: fc.constantFrom('Gets a thing.', 'Searches.'),
    inputSchema: objectSchema,
    outputSchema: objectSchema,
  },
  { requiredKeys: ['name', 'inputSchema'] },
);

/** A bare schema most of the time, else a Tool or a tools/list result holding generated tools. */
export const anyInput: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: anySchema, weight: 4 },
  { arbitrary: tool, weight: 1 },
  { arbitrary: fc.record({ tools: fc.array(tool, { maxLength: 3 }), nextCursor: fc.constantFrom('c1', 'c2') }, { requiredKeys: ['tools'] }), weight: 1 },
);
