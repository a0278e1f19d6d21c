/**
 * Gemini function calling through the Vertex AI `Schema` object (the OpenAPI-style
 * `FunctionDeclaration.parameters` field, not `parametersJsonSchema`).
 *
 * Sources, read on 2026-12-02 (through the project's notes, /work/shared/research/vendors.md
 * section 5a, and the stored copies of the pages):
 * - Function-calling guide, supported attributes "type, nullable, required, format, description,
 *   properties, items, enum, anyOf; remaining attributes are not supported", plus `$ref`/`$defs`
 *   in the newer revision: https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling
 *   and https://ai.google.dev/gemini-api/docs/function-calling.
 * - Schema reference ("last updated 2025-09-05"): `ref`/`defs` without the dollar sign, `defs`
 *   "only allowed at the root", `enum` a string array, `type` one value, `nullable` a boolean:
 *   https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Schema.
 * - Gemini API Schema: STRING formats `enum` and `date-time` only: https://ai.google.dev/api/caching#Schema.
 * - `type` may be left out only on `anyOf` schemas: https://firebase.google.com/docs/reference/js/ai.schema.md.
 * - `type` and `anyOf` never stand together: @google/genai 3.6.1 `processJsonSchema`
 *   (src/_transformers.ts) throws "type and anyOf cannot be both populated." on every parameters object.
 * - Parameter names: a letter or underscore, then letters, digits, underscores, at most 64:
 *   https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration.
 * - Field names are fixed, so an unknown key is a hard 400 ("Unknown name ... Cannot find field"):
 *   https://github.com/zed-industries/zed/issues/44875, https://github.com/nanbingxyz/5ire/issues/42.
 * - Errors seen from the API: "parameters schema should be of type OBJECT"
 *   (https://github.com/diegosouzapw/OmniRoute/pull/3360), "items: missing field" for ARRAY
 *   (https://github.com/kkrishnan90/gemini-desktop/pull/7), "properties: should be non-empty for
 *   OBJECT type" (https://github.com/agno-agi/agno/issues/2112), "required[0]: property is not
 *   defined" (https://github.com/iBUHub/AIStudioToAPI/issues/154), enum "only allowed for STRING
 *   type" (https://github.com/decolua/9router/issues/359).
 * Type names are read case-insensitively (the REST API takes `object` and `OBJECT`).
 */
import { child, isObject, problem, walk, type JsonObject, type Vocabulary } from './walk.js';

export const name = 'gemini-schema';

const ATTRIBUTES = new Set(['type', 'nullable', 'required', 'format', 'description', 'properties', 'items', 'enum', 'anyOf', 'ref', 'defs']);
const TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'];
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const vocabulary: Vocabulary = { single: ['items'], list: ['anyOf'], map: ['properties', 'defs'] };

export function check(schema: unknown, role: 'input' | 'output' = 'input'): string[] {
  if (!isObject(schema)) return [problem('', 'the parameters schema must be a JSON object')];
  const out: string[] = [];
  if (typeof schema['type'] !== 'string' || schema['type'].toLowerCase() !== 'object') {
    out.push(problem('/type', 'the parameters schema should be of type OBJECT'));
  }
  if ('anyOf' in schema) out.push(problem('/anyOf', 'the parameters schema must be one OBJECT, not anyOf'));
  if (isObject(schema['properties'])) {
    for (const key of Object.keys(schema['properties'])) {
      if (!PARAMETER_NAME.test(key)) {
        out.push(problem(child('/properties', key), 'a parameter name must start with a letter or underscore and use only letters, digits and underscores, at most 64'));
      }
    }
  }
  walk(schema, vocabulary, ({ node, pointer }) => checkNode(schema, node, pointer, out, role));
  return out;
}

function checkNode(root: JsonObject, node: unknown, pointer: string, out: string[], role: 'input' | 'output'): void {
  if (!isObject(node)) {
    out.push(problem(pointer, 'a Schema must be a JSON object'));
    return;
  }
  for (const key of Object.keys(node)) {
    if (!ATTRIBUTES.has(key)) out.push(problem(child(pointer, key), `unknown name '${key}': cannot find field`));
  }
  if ('defs' in node && pointer !== '') out.push(problem(child(pointer, 'defs'), "'defs' is only allowed at the root"));
  if ('ref' in node) {
    checkRef(root, node, pointer, out);
    return;
  }
  const type = node['type'];
  if (type === undefined) {
    if (!('anyOf' in node)) out.push(problem(pointer, "'type' may be left out only on an anyOf schema"));
  } else if (typeof type !== 'string' || !TYPES.includes(type.toLowerCase())) {
    out.push(problem(child(pointer, 'type'), `type ${JSON.stringify(type)} is not one of STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT`));
  }
  // @google/genai's processJsonSchema (3.6.1) throws on it before any request is sent (round 17).
  // In an outputSchema a nullable flag beside anyOf keeps its type: the MCP client compiles
  // outputSchemas with Ajv, which refuses nullable without type (docs/dialects/decisions.md).
  if (type !== undefined && 'anyOf' in node && !(role === 'output' && node['nullable'] === true)) out.push(problem(pointer, 'type and anyOf cannot be both populated (@google/genai processJsonSchema)'));
  const kind = typeof type === 'string' ? type.toLowerCase() : undefined;
  if ('nullable' in node && typeof node['nullable'] !== 'boolean') out.push(problem(child(pointer, 'nullable'), "'nullable' must be a boolean"));
  if ('description' in node && typeof node['description'] !== 'string') out.push(problem(child(pointer, 'description'), "'description' must be a string"));
  if ('anyOf' in node && (!Array.isArray(node['anyOf']) || node['anyOf'].length === 0)) {
    out.push(problem(child(pointer, 'anyOf'), "'anyOf' must be a non-empty list of Schemas"));
  }
  if ('enum' in node) {
    const values = node['enum'];
    if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) {
      out.push(problem(child(pointer, 'enum'), "'enum' must be a non-empty list of strings"));
    }
    if (kind !== 'string') out.push(problem(child(pointer, 'enum'), "'enum' is only allowed for STRING type"));
  }
  if ('format' in node) {
    const format = node['format'];
    const ok = kind === 'string' && (format === 'date-time' || (format === 'enum' && 'enum' in node));
    if (!ok) out.push(problem(child(pointer, 'format'), `format ${JSON.stringify(format)} is not supported (STRING: 'enum' and 'date-time' only)`));
  }
  if (kind === 'array' && !isObject(node['items'])) out.push(problem(child(pointer, 'items'), 'items: missing field (required for ARRAY)'));
  if ('items' in node && kind !== 'array') out.push(problem(child(pointer, 'items'), "'items' is only meaningful for ARRAY type"));
  checkObjectFields(node, pointer, kind, out);
}

function checkObjectFields(node: JsonObject, pointer: string, kind: string | undefined, out: string[]): void {
  const properties = node['properties'];
  if (properties !== undefined) {
    if (kind !== 'object') out.push(problem(child(pointer, 'properties'), "'properties' is only meaningful for OBJECT type"));
    if (!isObject(properties) || Object.keys(properties).length === 0) out.push(problem(child(pointer, 'properties'), 'properties: should be non-empty for OBJECT type'));
  }
  const required = node['required'];
  if (required === undefined) return;
  if (!Array.isArray(required)) {
    out.push(problem(child(pointer, 'required'), "'required' must be a list of names"));
    return;
  }
  const names = isObject(properties) ? Object.keys(properties) : [];
  required.forEach((entry, i) => {
    if (typeof entry !== 'string' || !names.includes(entry)) out.push(problem(child(child(pointer, 'required'), i), 'property is not defined'));
  });
}

function checkRef(root: JsonObject, node: JsonObject, pointer: string, out: string[]): void {
  const siblings = Object.keys(node).filter((k) => k !== 'ref' && k !== 'defs');
  if (siblings.length > 0) out.push(problem(pointer, `a 'ref' schema carries no other fields (${siblings.join(', ')})`));
  if (pointer === '') out.push(problem('/ref', 'the parameters schema must be an OBJECT, not a reference'));
  const ref = node['ref'];
  const match = typeof ref === 'string' ? /^#\/defs\/([^/]+)$/.exec(ref) : null;
  const defs = root['defs'];
  if (!match) out.push(problem(child(pointer, 'ref'), `'ref' must point into the root defs ('#/defs/Name'), not ${JSON.stringify(ref)}`));
  else if (!isObject(defs) || !Object.prototype.hasOwnProperty.call(defs, decodeToken(match[1] as string) ?? '\u0000')) {
    out.push(problem(child(pointer, 'ref'), `'ref' ${JSON.stringify(ref)} names no definition in the root defs`));
  }
}

/** A fragment token as a definition name (percent-decoding, then RFC 6901); undefined when not a valid URI fragment. */
function decodeToken(token: string): string | undefined {
  try {
    return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return undefined;
  }
}
