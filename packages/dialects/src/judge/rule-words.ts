/** Ajv errors in plain words: one sentence fragment per keyword, as a model can act on it. */
import type { ErrorObject } from 'ajv';

const FORMAT_WORDS: Record<string, string> = {
  date: 'must be an ISO-8601 date',
  'date-time': 'must be an ISO-8601 date and time',
  time: 'must be an ISO-8601 time',
  duration: 'must be an ISO-8601 duration',
  email: 'must be an email address',
  'idn-email': 'must be an email address',
  hostname: 'must be a host name',
  'idn-hostname': 'must be a host name',
  ipv4: 'must be an IPv4 address',
  ipv6: 'must be an IPv6 address',
  uri: 'must be an absolute URI',
  iri: 'must be an absolute IRI',
  'uri-reference': 'must be a URI reference',
  'iri-reference': 'must be an IRI reference',
  'uri-template': 'must be a URI template',
  url: 'must be a URL',
  uuid: 'must be a UUID',
  regex: 'must be a regular expression',
  'json-pointer': 'must be a JSON pointer',
  'relative-json-pointer': 'must be a relative JSON pointer',
  byte: 'must be base64-encoded data',
  int32: 'must be a 32-bit integer',
  int64: 'must be a 64-bit integer',
  float: 'must be a 32-bit float',
  double: 'must be a 64-bit float',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/**
 * Compact JSON of a value, cut to `max` characters with an ellipsis. Written by hand rather than by
 * JSON.stringify: it stops as soon as `max` characters are written, so a huge, deeply nested or
 * cyclic value (the judge does not walk every document first) costs at most `max` steps and never
 * overflows the stack. A non-finite number (JSON.parse reads 1e400 as Infinity) is written as such.
 */
export function shorten(value: unknown, max = 80): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const out: string[] = [];
  let length = 0;
  const put = (text: string): boolean => {
    out.push(text);
    length += text.length;
    return length <= max;
  };
  const write = (v: unknown, inArray: boolean): boolean => {
    if (v === null) return put('null');
    switch (typeof v) {
      case 'string':
        return put(JSON.stringify(v.length > max ? v.slice(0, max) : v));
      case 'number':
        return put(Number.isFinite(v) ? JSON.stringify(v) : String(v));
      case 'boolean':
      case 'bigint':
        return put(String(v));
      case 'object':
        break;
      default:
        return inArray ? put('null') : true;
    }
    if (Array.isArray(v)) {
      if (!put('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !put(',')) || !write(v[i], true)) return false;
      return put(']');
    }
    if (!put('{')) return false;
    let first = true;
    // for-in with an early return: no array of every key of a huge object.
    for (const key in v as object) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
      const item = (v as Record<string, unknown>)[key];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      if ((!first && !put(',')) || !put(JSON.stringify(key) + ':') || !write(item, false)) return false;
      first = false;
    }
    return put('}');
  };
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return String(value);
  write(value, false);
  const text = out.join('');
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

function list(values: readonly unknown[], max = 20): string {
  const shown = values.slice(0, max).map((v) => shorten(v, 40));
  return shown.join(', ') + (values.length > max ? `, … (${values.length} values)` : '');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const typeWordsCache = new Map<string, string>();

export function typeWords(type: unknown): string {
  const key = String(type);
  let words = typeWordsCache.get(key);
  if (words === undefined) {
    const list = (Array.isArray(type) ? type : key.split(',')).map((t) => TYPE_WORDS[String(t)] ?? String(t));
    words = list.length > 1 ? list.slice(0, -1).join(', ') + ' or ' + list[list.length - 1] : list[0] ?? '';
    if (typeWordsCache.size < 256) typeWordsCache.set(key, words);
  }
  return words;
}

/** The rule an Ajv error states; `branchRules` are the rules inside a failed anyOf/oneOf. */
export function ruleWords(e: ErrorObject, branchRules: readonly string[] = []): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type':
      return `must be ${typeWords(p['type'])}`;
    case 'minimum':
      return `must be at least ${p['limit']}`;
    case 'maximum':
      return `must be at most ${p['limit']}`;
    case 'exclusiveMinimum':
      return `must be greater than ${p['limit']}`;
    case 'exclusiveMaximum':
      return `must be less than ${p['limit']}`;
    case 'multipleOf':
      return `must be a multiple of ${p['multipleOf']}`;
    case 'minLength':
      return p['limit'] === 1 ? 'must not be empty' : `must be at least ${plural(Number(p['limit']), 'character')} long`;
    case 'maxLength':
      return `must be at most ${plural(Number(p['limit']), 'character')} long`;
    case 'pattern':
      return `must match the pattern ${p['pattern']}`;
    case 'format': {
      const f = String(p['format']);
      return FORMAT_WORDS[f] ?? `must be in the format "${f}"`;
    }
    case 'formatMinimum':
    case 'formatExclusiveMinimum':
      return `must be ${e.keyword === 'formatMinimum' ? 'at or after' : 'after'} ${p['limit']}`;
    case 'formatMaximum':
    case 'formatExclusiveMaximum':
      return `must be ${e.keyword === 'formatMaximum' ? 'at or before' : 'before'} ${p['limit']}`;
    case 'enum':
      return `must be one of: ${list((p['allowedValues'] as unknown[]) ?? [])}`;
    case 'const':
      return `must be exactly ${shorten(p['allowedValue'], 60)}`;
    case 'required':
      return 'is required';
    case 'dependentRequired':
    case 'dependencies':
      return `is required when "${p['property']}" is present`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not accepted (no such property here)';
    case 'propertyNames':
      return `has a property name that is not accepted: ${shorten(p['propertyName'], 40)}`;
    case 'minProperties':
      return `must have at least ${plural(Number(p['limit']), 'property')}`.replace('propertys', 'properties');
    case 'maxProperties':
      return `must have at most ${plural(Number(p['limit']), 'property')}`.replace('propertys', 'properties');
    case 'minItems':
      return `must have at least ${plural(Number(p['limit']), 'item')}`;
    case 'maxItems':
    case 'additionalItems':
    case 'items':
    case 'unevaluatedItems':
      return `must have at most ${plural(Number(p['limit'] ?? p['len']), 'item')}`;
    case 'uniqueItems':
      return `must not contain duplicates (items ${p['j']} and ${p['i']} are equal)`;
    case 'contains':
      return p['maxContains'] !== undefined
        ? `must contain between ${p['minContains']} and ${p['maxContains']} matching items`
        : `must contain at least ${plural(Number(p['minContains'] ?? 1), 'matching item')}`;
    case 'anyOf':
      return branchRules.length ? `must match one of the alternatives: ${branchRules.join('; or ')}` : 'must match one of the alternatives';
    case 'oneOf': {
      const passing = p['passingSchemas'];
      if (Array.isArray(passing)) return `must match exactly one of the alternatives, but matches ${passing.length} (alternatives ${passing.map((i) => Number(i) + 1).join(' and ')})`;
      return branchRules.length ? `must match exactly one of the alternatives: ${branchRules.join('; or ')}` : 'must match exactly one of the alternatives';
    }
    case 'not':
      return 'must not match the excluded shape';
    case 'false schema':
      return 'is not accepted';
    case 'if':
      return `must match the "${p['failingKeyword']}" shape`;
    default:
      return e.message ?? `breaks the rule "${e.keyword}"`;
  }
}
