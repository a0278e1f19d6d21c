/**
 * The validators of the linter. Meta-schema checks use validators precompiled from the
 * meta-schemas bundled in the ajv package (generated/, nothing is ever fetched), so linting one
 * tool at registration costs one meta-schema check, not an Ajv start-up. The Ajv instances that
 * check example values are created on first use and kept for the life of the process.
 */
import { ajvModules, type AnyAjv } from '../ajv-modules.js';
import type { SchemaDialect } from './dialect.js';

function create(dialect: SchemaDialect): AnyAjv {
  const { Ajv, Ajv2020, addFormats } = ajvModules();
  // strict: false lets unknown keywords (x-mcp-header and other annotations) through, as the
  // dialects allow; logger: false keeps unknown formats from printing.
  const options = { allErrors: true, strict: false, logger: false, validateSchema: false } as const;
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

const instances = new Map<SchemaDialect, AnyAjv>();

/** The shared instance for validating data (examples) under a dialect. */
export function ajvFor(dialect: SchemaDialect): AnyAjv {
  let ajv = instances.get(dialect);
  if (!ajv) instances.set(dialect, (ajv = create(dialect)));
  return ajv;
}

/** A fresh instance, for schemas whose `$id`s would collide with one compiled earlier. */
export function freshAjvFor(dialect: SchemaDialect): AnyAjv {
  return create(dialect);
}

// The meta-schema validators live with the one meta-schema check (meta-check.ts).
export { metaValidator } from './meta-check.js';
