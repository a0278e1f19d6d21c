/**
 * Renders the precompiled meta-schema validators in src/lint/generated/ from the meta-schemas
 * bundled with ajv, so that the first lint in a process does not pay Ajv's ~100 ms compile of the
 * 2020-12 meta-schema. meta-validators.test.ts fails when the files are stale and rewrites them
 * with UPDATE_META_VALIDATORS=1.
 */
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';

type Standalone = (ajv: Ajv | Ajv2020, refs: Record<string, string>) => string;
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as Standalone;
const ajvVersion = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;

export const GENERATED = {
  '2020-12': { file: 'meta-2020-12.generated.ts', uri: 'https://json-schema.org/draft/2020-12/schema', bundled: 'ajv/dist/refs/json-schema-2020-12/*' },
  'draft-07': { file: 'meta-draft-07.generated.ts', uri: 'http://json-schema.org/draft-07/schema', bundled: 'ajv/dist/refs/json-schema-draft-07.json' },
} as const;

export function renderMetaValidator(dialect: keyof typeof GENERATED): string {
  const { uri, bundled } = GENERATED[dialect];
  // Formats stay out: the meta-schemas' formats are annotations here, and the linter checks
  // patterns and references itself.
  const options = { allErrors: true, strict: false, logger: false, validateSchema: false, code: { source: true, esm: true } } as const;
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  const code = standaloneCode(ajv, { validate: uri })
    .replace(/^"use strict";/, '')
    .replaceAll('require("ajv/dist/runtime/equal").default', 'deepEqual');
  if (code.includes('require(')) throw new Error(`Unexpected require() in the generated ${dialect} validator.`);
  return [
    '// @ts-nocheck',
    `// Generated from the JSON Schema ${dialect} meta-schema bundled with ajv ${ajvVersion} (${bundled}).`,
    '// Do not edit: packages/dialects/test/lint/meta-validators.test.ts regenerates it with UPDATE_META_VALIDATORS=1.',
    // The engine's own JSON equality, so convert (which runs this check) never loads the ajv package.
    "import { jsonEqual as deepEqual } from '../../convert/data.js';",
    code,
    '',
  ].join('\n');
}
