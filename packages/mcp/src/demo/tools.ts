import type { DialectTool } from '../tool-definition.js';

const INT32 = { minimum: -2147483648, maximum: 2147483647 } as const;

interface TreeNode {
  label: string;
  weight?: number;
  children?: TreeNode[];
}

/** A recursive tree: dialects that cannot spell recursion must say in words that it repeats. */
const treeSummary: DialectTool = {
  name: 'tree_summary',
  title: 'Summarise a tree',
  description: 'Counts the nodes of a tree, its depth and its total weight.',
  inputSchema: {
    type: 'object',
    $defs: {
      Node: {
        title: 'Node',
        type: 'object',
        description: 'A node of the tree.',
        properties: {
          label: { type: 'string', minLength: 1 },
          weight: { type: 'integer', minimum: 0, description: 'Defaults to 1.' },
          children: { type: 'array', items: { $ref: '#/$defs/Node' } },
        },
        required: ['label'],
        additionalProperties: false,
      },
    },
    properties: { root: { $ref: '#/$defs/Node' } },
    required: ['root'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { nodes: { type: 'integer' }, depth: { type: 'integer' }, totalWeight: { type: 'integer' } },
    required: ['nodes', 'depth', 'totalWeight'],
    additionalProperties: false,
  },
  handler: (args) => {
    const walk = (node: TreeNode, level: number): { nodes: number; depth: number; totalWeight: number } => {
      let nodes = 1;
      let depth = level;
      let totalWeight = node.weight ?? 1;
      for (const child of node.children ?? []) {
        const sub = walk(child, level + 1);
        nodes += sub.nodes;
        depth = Math.max(depth, sub.depth);
        totalWeight += sub.totalWeight;
      }
      return { nodes, depth, totalWeight };
    };
    const structuredContent = walk(args.root as TreeNode, 1);
    return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
  },
};

/** int32 bounds: a dialect that drops minimum/maximum must carry the range in the description. */
const multiplyInt32: DialectTool = {
  name: 'multiply_int32',
  title: 'Multiply two 32-bit integers',
  description: 'Multiplies two signed 32-bit integers and says whether the product still fits in 32 bits.',
  inputSchema: {
    type: 'object',
    properties: {
      a: { type: 'integer', ...INT32, description: 'The first factor.' },
      b: { type: 'integer', ...INT32, description: 'The second factor.' },
    },
    required: ['a', 'b'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { product: { type: 'number' }, fitsInt32: { type: 'boolean' } },
    required: ['product', 'fitsInt32'],
    additionalProperties: false,
  },
  handler: (args) => {
    const product = (args.a as number) * (args.b as number);
    const structuredContent = { product, fitsInt32: product >= INT32.minimum && product <= INT32.maximum };
    return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
  },
};

/** Dates: a dialect without `format` must say "Must be an ISO-8601 date." */
const daysBetween: DialectTool = {
  name: 'days_between',
  title: 'Days between two dates',
  description: 'Counts the days from one calendar date to another (negative when `to` is earlier).',
  inputSchema: {
    type: 'object',
    properties: {
      from: { type: 'string', format: 'date', description: 'The first day.' },
      to: { type: 'string', format: 'date', description: 'The last day.' },
    },
    required: ['from', 'to'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { days: { type: 'integer' } },
    required: ['days'],
    additionalProperties: false,
  },
  handler: (args) => {
    const days = Math.round((Date.parse(args.to as string) - Date.parse(args.from as string)) / 86_400_000);
    return { content: [{ type: 'text', text: `${days} days` }], structuredContent: { days } };
  },
};

/** A closed object: no other properties accepted, whether or not the dialect can spell it. */
const createContact: DialectTool = {
  name: 'create_contact',
  title: 'Create a contact',
  description: 'Stores a contact with a name and an e-mail address.',
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      email: { type: 'string', format: 'email' },
      phone: { type: 'string', pattern: '^\\+?[0-9 ]{6,20}$', description: 'Optional phone number.' },
    },
    required: ['name', 'email'],
    additionalProperties: false,
  },
  handler: (args) => ({
    content: [{ type: 'text', text: `Created contact ${String(args.name)} <${String(args.email)}>.` }],
  }),
};

const NOTES = [
  { title: 'Quarterly plan', tag: 'work', date: '2026-03-02' },
  { title: 'Paint the fence', tag: 'home', date: '2026-05-17' },
  { title: 'A calendar for cats', tag: 'ideas', date: '2026-06-30' },
  { title: 'Hiring notes', tag: 'work', date: '2026-09-12' },
];

/**
 * Optional fields: a dialect that makes every property required and optional ones nullable has its
 * callers send null; the handler still sees an omission. `cursor` admits null itself, so a null
 * there is a value and reaches the handler as such.
 */
const searchNotes: DialectTool = {
  name: 'search_notes',
  title: 'Search notes',
  description: 'Finds notes whose title contains the query; reports which filters it received.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Text to look for in note titles (empty matches all).' },
      tag: { type: 'string', enum: ['work', 'home', 'ideas'] },
      since: { type: 'string', format: 'date', description: 'Only notes from this day on.' },
      limit: { type: 'integer', minimum: 1, maximum: 50 },
      cursor: { type: ['string', 'null'], description: 'Where to continue; null starts over.' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      titles: { type: 'array', items: { type: 'string' } },
      received: { type: 'array', items: { type: 'string' }, description: 'The argument names the tool received.' },
    },
    required: ['titles', 'received'],
    additionalProperties: false,
  },
  handler: (args) => {
    const query = String(args.query).toLowerCase();
    const titles = NOTES.filter(
      (n) =>
        n.title.toLowerCase().includes(query) &&
        (args.tag === undefined || n.tag === args.tag) &&
        (args.since === undefined || n.date >= (args.since as string)),
    )
      .slice(0, typeof args.limit === 'number' ? args.limit : 10)
      .map((n) => n.title);
    const structuredContent = { titles, received: Object.keys(args).sort() };
    return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
  },
};

/** The demo's tools, one per law of the dialects; fresh on every call, so a caller may change what it gets without touching anyone else's. */
export function demoTools(): DialectTool[] {
  return [treeSummary, multiplyInt32, daysBetween, createContact, searchNotes].map((tool) => ({
    ...tool,
    inputSchema: structuredClone(tool.inputSchema),
    ...(tool.outputSchema === undefined ? {} : { outputSchema: structuredClone(tool.outputSchema) }),
  }));
}
