/**
 * The constrained-decoding subset that Claude models accept for structured outputs and strict tool
 * use, parameterised by the publishing page (anthropic-strict.ts: Anthropic's own page;
 * bedrock-strict.ts: the Amazon Bedrock page, which publishes the same rule set with differences).
 */
import {
  type Checker, child, cyclicReferences, isObject, isObjectSchema, jsonSchemaVocabulary, problem, resolveLocal, walk, type JsonObject,
} from './walk.js';

export interface ClaudePage {
  name: string;
  /** Keywords the page lists as supported. */
  keywords: readonly string[];
  formats: readonly string[];
  /** The page says every object must set `additionalProperties: false` (not only that `false` is the one value allowed). */
  closureRequired: boolean;
  /** The page says `allOf` combined with `$ref` is not supported. */
  allOfWithRefRefused: boolean;
  /** Per-request limits the page publishes; a single schema above them is refused. */
  limits?: { optionalParameters: number; unionParameters: number };
}

const TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'];

export function makeClaudeChecker(page: ClaudePage): Checker {
  const allowed = new Set(page.keywords);

  function checkNode(root: JsonObject, node: unknown, pointer: string, out: string[]): void {
    if (!isObject(node)) {
      out.push(problem(pointer, 'a subschema must be a JSON object (boolean schemas are not in the subset)'));
      return;
    }
    for (const key of Object.keys(node)) {
      if (!allowed.has(key)) out.push(problem(child(pointer, key), `'${key}' is not supported`));
    }
    if ('type' in node) {
      const list = Array.isArray(node['type']) ? node['type'] : [node['type']];
      for (const t of list) if (typeof t !== 'string' || !TYPES.includes(t)) out.push(problem(child(pointer, 'type'), `type ${JSON.stringify(t)} is not a basic type`));
    }
    if ('enum' in node) {
      const values = node['enum'];
      if (!Array.isArray(values)) out.push(problem(child(pointer, 'enum'), "'enum' must be an array"));
      else values.forEach((v, i) => {
        if (v !== null && typeof v === 'object') out.push(problem(child(child(pointer, 'enum'), i), 'complex types are not supported in enums'));
      });
    }
    if ('additionalProperties' in node && node['additionalProperties'] !== false) {
      out.push(problem(child(pointer, 'additionalProperties'), "'additionalProperties' may only be false"));
    } else if (page.closureRequired && isObjectSchema(node) && node['additionalProperties'] !== false) {
      out.push(problem(pointer, "every object must set 'additionalProperties: false'"));
    }
    if ('format' in node && !page.formats.includes(String(node['format']))) {
      out.push(problem(child(pointer, 'format'), `format '${String(node['format'])}' is not one of ${page.formats.join(', ')}`));
    }
    if ('minItems' in node && node['minItems'] !== 0 && node['minItems'] !== 1) {
      out.push(problem(child(pointer, 'minItems'), "'minItems' is supported only with the values 0 and 1"));
    }
    if ('items' in node && !isObject(node['items'])) out.push(problem(child(pointer, 'items'), "'items' must be one schema object"));
    if ('pattern' in node && allowed.has('pattern')) {
      const reason = typeof node['pattern'] === 'string' ? unsupportedRegex(node['pattern']) : "'pattern' must be a string";
      if (reason) out.push(problem(child(pointer, 'pattern'), reason));
    }
    if ('$ref' in node) {
      const ref = node['$ref'];
      if (typeof ref !== 'string' || !ref.startsWith('#')) out.push(problem(child(pointer, '$ref'), `external '$ref' ${JSON.stringify(ref)} is not supported`));
      else if (!resolveLocal(root, ref)) out.push(problem(child(pointer, '$ref'), `'$ref' '${ref}' does not resolve`));
    }
    if (page.allOfWithRefRefused && Array.isArray(node['allOf'])) {
      if ('$ref' in node) out.push(problem(pointer, "'allOf' combined with '$ref' is not supported"));
      node['allOf'].forEach((branch, i) => {
        if (isObject(branch) && '$ref' in branch) out.push(problem(child(child(pointer, 'allOf'), i), "'allOf' combined with '$ref' is not supported"));
      });
    }
  }

  function checkLimits(root: JsonObject, out: string[]): void {
    const limits = page.limits;
    if (!limits) return;
    let optional = 0;
    let unions = 0;
    walk(root, jsonSchemaVocabulary, ({ node }) => {
      if (!isObject(node) || !isObject(node['properties'])) return;
      const required = Array.isArray(node['required']) ? node['required'] : [];
      for (const [name, property] of Object.entries(node['properties'])) {
        if (!required.includes(name)) optional += 1;
        if (isObject(property) && (Array.isArray(property['anyOf']) || (Array.isArray(property['type']) && property['type'].length > 1))) unions += 1;
      }
    });
    if (optional > limits.optionalParameters) out.push(problem('', `${optional} optional parameters exceed the limit of ${limits.optionalParameters} per request`));
    if (unions > limits.unionParameters) out.push(problem('', `${unions} union-typed parameters exceed the limit of ${limits.unionParameters} per request`));
  }

  return {
    name: page.name,
    check(schema: unknown): string[] {
      if (!isObject(schema)) return [problem('', 'the root schema must be a JSON object')];
      const out: string[] = [];
      if (schema['type'] !== 'object') out.push(problem('/type', "the root must be of type 'object'"));
      for (const key of ['oneOf', 'anyOf', 'allOf']) {
        if (key in schema) out.push(problem(child('', key), `'${key}' is not supported at the top level`));
      }
      walk(schema, jsonSchemaVocabulary, ({ node, pointer, via }) => {
        // `additionalProperties: false` is the closure flag, judged on its object, not a boolean subschema.
        if (via === 'additionalProperties' && typeof node === 'boolean') return;
        checkNode(schema, node, pointer, out);
      });
      for (const at of cyclicReferences(schema, jsonSchemaVocabulary)) out.push(problem(at, 'recursive schemas are not supported'));
      checkLimits(schema, out);
      return out;
    },
  };
}

/**
 * The regex features the page says do not work: backreferences, look-around and word
 * boundaries. Returns the reason, or undefined when none is used.
 */
export function unsupportedRegex(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<')) return 'backreferences are not supported in pattern';
      if (!inClass && (next === 'b' || next === 'B')) return 'word boundaries (\\b, \\B) are not supported in pattern';
      i += 1;
    } else if (c === '[') {
      inClass = true;
    } else if (c === ']') {
      inClass = false;
    } else if (!inClass && c === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2, i + 4);
      if (rest.startsWith('=') || rest.startsWith('!') || rest === '<=' || rest === '<!') return 'lookahead and lookbehind are not supported in pattern';
    }
  }
  return undefined;
}
