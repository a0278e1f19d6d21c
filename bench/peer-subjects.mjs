// What the peers bench times: each dialect of the project and, for each, the peers that do that
// dialect's job (the pairing of /work/shared/research/anchor-bench.md: "What each job is comparable to").
// A subject is `{ setup: async () => fn }`: setup imports and builds what the subject needs (timed as its
// load cost), fn converts one inputSchema (timed, pass after pass, on fresh clones made outside the timing).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

/** dialect -> the peers doing its job; a dialect with no peer is still timed, beside structuredClone. */
export const PAIRS = {
  flat: ['refparser-dereference', 'refparser-dereference-ignore'],
  openai_strict: ['mastra-prepare-strict', 'mastra-openai-layer'],
  anthropic_strict: ['anthropic-sdk'],
  bedrock_strict: ['anthropic-sdk'],
  gemini: ['mastra-google-layer'],
  nova: [],
  canonical: [],
};

const projectSubject = (name) => ({
  kind: 'project',
  label: `project ${name}`,
  async setup() {
    // BENCH_ENGINE_DIST names another build's dist/ folder, to set two builds side by side.
    const engine = await import(pathToFileURL(join(process.env.BENCH_ENGINE_DIST ?? join(root, 'packages/dialects/dist'), 'index.js')).href);
    const dialect = engine.loadDialects().get(name);
    return (s) => {
      const r = engine.convert(s, dialect);
      if (r.output === undefined) throw new Error(r.diagnostics[0]?.code ?? 'no output');
      return r.output;
    };
  },
});

const mastraLayer = (cls, model) => async () => {
  const m = await import('@mastra/schema-compat');
  const layer = new m[cls](model);
  if (!layer.shouldApply()) throw new Error(`${cls}.shouldApply() is false`);
  return (s) => m.applyCompatLayer({ schema: s, compatLayers: [layer], mode: 'jsonSchema' });
};

export const SUBJECTS = {
  ...Object.fromEntries(Object.keys(PAIRS).map((d) => [d, projectSubject(d)])),
  structuredClone: { kind: 'floor', label: 'structuredClone', setup: async () => (s) => structuredClone(s) },
  'refparser-dereference': {
    kind: 'peer',
    label: '@apidevtools/json-schema-ref-parser dereference',
    async setup() {
      const { $RefParser } = await import('@apidevtools/json-schema-ref-parser');
      return (s) => new $RefParser().dereference(s);
    },
    async: true,
  },
  'refparser-dereference-ignore': {
    kind: 'peer',
    label: "@apidevtools/json-schema-ref-parser dereference (circular: 'ignore')",
    async setup() {
      const { $RefParser } = await import('@apidevtools/json-schema-ref-parser');
      return (s) => new $RefParser().dereference(s, { dereference: { circular: 'ignore' } });
    },
    async: true,
  },
  'mastra-prepare-strict': {
    kind: 'peer',
    label: '@mastra/schema-compat prepareJsonSchemaForOpenAIStrictMode',
    async setup() {
      const m = await import('@mastra/schema-compat');
      return (s) => m.prepareJsonSchemaForOpenAIStrictMode(s);
    },
  },
  'mastra-openai-layer': {
    kind: 'peer',
    label: '@mastra/schema-compat OpenAISchemaCompatLayer',
    setup: mastraLayer('OpenAISchemaCompatLayer', { provider: 'openai.chat', modelId: 'gpt-4o', supportsStructuredOutputs: false }),
  },
  'mastra-google-layer': {
    kind: 'peer',
    label: '@mastra/schema-compat GoogleSchemaCompatLayer',
    setup: mastraLayer('GoogleSchemaCompatLayer', { provider: 'google.generative-ai', modelId: 'gemini-2.5-flash', supportsStructuredOutputs: true }),
  },
  'anthropic-sdk': {
    kind: 'peer',
    label: '@anthropic-ai/sdk transformJSONSchema',
    async setup() {
      const { transformJSONSchema } = await import('@anthropic-ai/sdk/lib/transform-json-schema');
      return (s) => transformJSONSchema(s);
    },
  },
};
