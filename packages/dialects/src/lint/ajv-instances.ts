/**
 * The validators of the linter. Meta-schema checks use validators precompiled from the
 * meta-schemas bundled in the ajv package (generated/, nothing is ever fetched), so linting one
 * tool at registration costs one meta-schema check, not an Ajv start-up. The Ajv instances that
 * check example values are created on first use and kept for the life of the process.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { SchemaDialect } from './dialect.js';
import { validate as meta2020 } from './generated/meta-2020-12.generated.js';
import { validate as meta07 } from './generated/meta-draft-07.generated.js';

type AnyAjv = Ajv | Ajv2020;
// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: AnyAjv) => AnyAjv;

function create(dialect: SchemaDialect): AnyAjv {
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

const META: Record<SchemaDialect, ValidateFunction> = {
  '2020-12': meta2020 as unknown as ValidateFunction,
  'draft-07': meta07 as unknown as ValidateFunction,
};

/** The meta-schema validator of a dialect; `errors` holds Ajv error objects after a failure. */
export function metaValidator(dialect: SchemaDialect): ValidateFunction {
  return META[dialect];
}
