/**
 * The OpenAI Structured Outputs subset, parameterised by page revision (see openai-strict.ts and
 * openai-strict-2024-08.ts for the pages and the values each revision publishes).
 *
 * Rules every revision shares (Structured Outputs guide, "Supported schemas"):
 * - only the listed keywords; anything else is refused in strict mode (the request fails, nothing is stripped);
 * - the root is an object and not `anyOf` (a root `$ref` is undocumented, so refused);
 * - every object sets `additionalProperties: false` and lists every property in `required`;
 * - definitions live in root `$defs`, referenced as `#/$defs/Name` or `#` (recursion allowed);
 * - a `$ref` carries no sibling keywords ("$ref cannot have keywords" error);
 * - each `anyOf` branch is itself a schema of the subset;
 * - every schema says what it is (`type`, `anyOf`, `enum`, `const` or `$ref`): typeless schemas are
 *   refused in strict mode ("schema must have a 'type' key";
 *   https://github.com/livekit/agents/pull/4236, https://github.com/openai/openai-agents-js/pull/1564).
 */
import { type Checker, child, isObject, isObjectSchema, jsonSchemaVocabulary, problem, walk, type JsonObject } from './walk.js';

export interface OpenAiRevision {
  name: string;
  /** Keywords the revision lists, beyond the structural ones every revision has. */
  extraKeywords: readonly string[];
  formats: readonly string[];
  /** Whether `const` is on the revision's list. */
  constAllowed: boolean;
  limits: {
    properties: number;
    depth: number;
    enumValues?: number;
    totalStringLength?: number;
    largeEnum?: { over: number; maxChars: number };
  };
}

const TYPES = ['string', 'number', 'boolean', 'integer', 'object', 'array', 'null'];
const STRUCTURAL = ['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'anyOf', '$ref', '$defs', 'description'];
const NUMERIC = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

export function makeOpenAiChecker(revision: OpenAiRevision): Checker {
  const allowed = new Set([...STRUCTURAL, ...revision.extraKeywords, ...(revision.constAllowed ? ['const'] : [])]);

  function checkNode(root: JsonObject, node: unknown, pointer: string, out: string[]): void {
    if (!isObject(node)) {
      out.push(problem(pointer, 'a subschema must be a JSON object (boolean schemas are not in the subset)'));
      return;
    }
    for (const key of Object.keys(node)) {
      if (!allowed.has(key)) out.push(problem(child(pointer, key), `'${key}' is not a supported keyword`));
    }
    if ('$ref' in node) checkRef(root, node, pointer, out);
    else if (!['type', 'anyOf', 'enum', 'const'].some((k) => k in node)) out.push(problem(pointer, "schema must have a 'type' key"));
    if ('$defs' in node && pointer !== '') out.push(problem(child(pointer, '$defs'), "'$defs' is only supported at the root"));
    if ('type' in node) checkType(node['type'], child(pointer, 'type'), out);
    if (isObjectSchema(node)) checkObject(node, pointer, out);
    if ('items' in node && !isObject(node['items'])) out.push(problem(child(pointer, 'items'), "'items' must be one schema object"));
    if ('anyOf' in node && (!Array.isArray(node['anyOf']) || node['anyOf'].length === 0)) {
      out.push(problem(child(pointer, 'anyOf'), "'anyOf' must be a non-empty array of schemas"));
    }
    if ('enum' in node) checkEnum(node['enum'], child(pointer, 'enum'), out);
    if ('format' in node && allowed.has('format') && !revision.formats.includes(String(node['format']))) {
      out.push(problem(child(pointer, 'format'), `format '${String(node['format'])}' is not one of ${revision.formats.join(', ')}`));
    }
    if ('pattern' in node && allowed.has('pattern') && typeof node['pattern'] !== 'string') {
      out.push(problem(child(pointer, 'pattern'), "'pattern' must be a string"));
    }
    for (const key of NUMERIC) {
      if (key in node && allowed.has(key) && typeof node[key] !== 'number') out.push(problem(child(pointer, key), `'${key}' must be a number`));
    }
    for (const key of ['minItems', 'maxItems']) {
      const v = node[key];
      if (key in node && allowed.has(key) && !(Number.isInteger(v) && (v as number) >= 0)) {
        out.push(problem(child(pointer, key), `'${key}' must be a non-negative integer`));
      }
    }
  }

  function checkRef(root: JsonObject, node: JsonObject, pointer: string, out: string[]): void {
    const ref = node['$ref'];
    const at = child(pointer, '$ref');
    const siblings = Object.keys(node).filter((k) => k !== '$ref');
    if (siblings.length > 0) out.push(problem(pointer, `'$ref' cannot have sibling keywords (${siblings.join(', ')})`));
    if (typeof ref !== 'string') {
      out.push(problem(at, "'$ref' must be a string"));
      return;
    }
    if (ref === '#') return;
    const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
    const defs = root['$defs'];
    if (!match) out.push(problem(at, `'$ref' must be '#' or '#/$defs/<name>', not '${ref}'`));
    else if (!isObject(defs) || !Object.prototype.hasOwnProperty.call(defs, decodeName(match[1] as string) ?? '\u0000')) {
      out.push(problem(at, `'$ref' '${ref}' does not resolve to a root definition`));
    }
  }

  function checkType(type: unknown, at: string, out: string[]): void {
    const list = Array.isArray(type) ? type : [type];
    if (list.length === 0) out.push(problem(at, "'type' must not be empty"));
    for (const t of list) {
      if (typeof t !== 'string' || !TYPES.includes(t)) out.push(problem(at, `type ${JSON.stringify(t)} is not supported`));
    }
    if (new Set(list).size !== list.length) out.push(problem(at, "'type' repeats a type"));
  }

  function checkObject(node: JsonObject, pointer: string, out: string[]): void {
    if (node['additionalProperties'] !== false) {
      out.push(problem(child(pointer, 'additionalProperties'), "'additionalProperties' is required to be supplied and to be false"));
    }
    const properties = node['properties'];
    if (properties !== undefined && !isObject(properties)) {
      out.push(problem(child(pointer, 'properties'), "'properties' must be an object"));
      return;
    }
    const names = isObject(properties) ? Object.keys(properties) : [];
    const required = node['required'];
    if (names.length === 0 && required === undefined) return;
    if (!Array.isArray(required)) {
      out.push(problem(child(pointer, 'required'), "'required' is required to be supplied and to be an array including every key in properties"));
      return;
    }
    for (const name of names) {
      if (!required.includes(name)) out.push(problem(child(pointer, 'required'), `'required' does not include property '${name}'`));
    }
    required.forEach((name, i) => {
      if (typeof name !== 'string' || !names.includes(name)) {
        out.push(problem(child(child(pointer, 'required'), i), `'required' names ${JSON.stringify(name)}, which is not in properties`));
      }
    });
  }

  function checkEnum(values: unknown, at: string, out: string[]): void {
    if (!Array.isArray(values) || values.length === 0) {
      out.push(problem(at, "'enum' must be a non-empty array"));
      return;
    }
    values.forEach((v, i) => {
      if (v !== null && typeof v === 'object') out.push(problem(child(at, i), 'enum values must be strings, numbers, booleans or null'));
    });
  }

  function checkLimits(root: JsonObject, out: string[]): void {
    let properties = 0;
    let depth = 0;
    let enumValues = 0;
    let chars = 0;
    const limits = revision.limits;
    walk(root, jsonSchemaVocabulary, ({ node, pointer, objectDepth }) => {
      depth = Math.max(depth, objectDepth);
      if (!isObject(node)) return;
      if (isObject(node['properties'])) {
        for (const name of Object.keys(node['properties'])) {
          properties += 1;
          chars += name.length;
        }
      }
      if (pointer === '' && isObject(node['$defs'])) for (const name of Object.keys(node['$defs'])) chars += name.length;
      if ('const' in node) chars += valueLength(node['const']);
      const values = node['enum'];
      if (Array.isArray(values)) {
        enumValues += values.length;
        const length = values.reduce((sum: number, v) => sum + valueLength(v), 0);
        chars += length;
        const large = limits.largeEnum;
        if (large && values.length > large.over && values.every((v) => typeof v === 'string') && length > large.maxChars) {
          out.push(problem(child(pointer, 'enum'), `a string enum of more than ${large.over} values has ${length} characters, which exceeds the limit of ${large.maxChars}`));
        }
      }
    });
    if (properties > limits.properties) out.push(problem('', `${properties} object properties exceed the limit of ${limits.properties}`));
    if (depth > limits.depth) out.push(problem('', `${depth} levels of nesting exceed the limit of ${limits.depth}`));
    if (limits.enumValues !== undefined && enumValues > limits.enumValues) {
      out.push(problem('', `${enumValues} enum values exceed the limit of ${limits.enumValues}`));
    }
    if (limits.totalStringLength !== undefined && chars > limits.totalStringLength) {
      out.push(problem('', `${chars} characters of names, enum and const values exceed the limit of ${limits.totalStringLength}`));
    }
  }

  return {
    name: revision.name,
    check(schema: unknown): string[] {
      const out: string[] = [];
      if (!isObject(schema)) return [problem('', 'the root schema must be a JSON object')];
      if (schema['type'] !== 'object') out.push(problem('/type', "the root must be of type 'object'"));
      if ('anyOf' in schema) out.push(problem('/anyOf', "the root must not be 'anyOf'"));
      walk(schema, jsonSchemaVocabulary, ({ node, pointer, via }) => {
        // `additionalProperties: false` is the closure flag, judged on its object, not a boolean subschema.
        if (via === 'additionalProperties' && typeof node === 'boolean') return;
        checkNode(schema, node, pointer, out);
      });
      checkLimits(schema, out);
      return out;
    },
  };
}

/** A fragment token as a definition name; undefined when its percent-encoding is invalid (not a URI fragment). */
function decodeName(token: string): string | undefined {
  try {
    return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return undefined;
  }
}

function valueLength(value: unknown): number {
  return typeof value === 'string' ? value.length : JSON.stringify(value).length;
}
