// Realistic documents for a JSON Schema, generated deterministically (same schema and seed, same
// documents): optional properties filled most of the time, arrays of several items, strings of
// plausible length, numbers spread over their range. Invalid documents are valid ones with one
// realistic mistake (a wrong type deep inside, a required property left out, a number out of
// range, a string too long, an unknown key). The generator only proposes: the caller keeps a
// document only when bare Ajv agrees it is valid (or invalid), so no generator gap skews a bench.
//
// With `{ wide: true }` it proposes the breadth of what a schema accepts rather than what a caller
// usually sends: any JSON value where the schema says nothing of the type, null where a type, enum
// or branch admits it, extra properties on an open object, empty arrays, and recursive structures
// more levels deep. The narrowing proof (packages/dialects/test/check/narrowings.test.ts) uses it;
// the bench uses the default, so its documents stay the same.

const WORDS = ['alpha', 'report', 'main', 'issue', 'draft', 'user', 'north', 'value', 'summary', 'file', 'release', 'team', 'query', 'open', 'review', 'search', 'note', 'data', 'status', 'owner'];

const FORMAT_SAMPLES = {
  date: ['2024-01-31', '2025-06-12', '1999-12-31'],
  'date-time': ['2024-01-31T12:00:00Z', '2025-06-12T08:30:15.250+02:00'],
  time: ['12:00:00Z', '23:59:59+01:00'],
  duration: ['P1D', 'PT2H30M'],
  uuid: ['123e4567-e89b-12d3-a456-426614174000', '9b2d7c4e-1f3a-4c5b-8d6e-7f8a9b0c1d2e'],
  email: ['someone@example.com', 'team.lead@example.org'],
  uri: ['https://example.com/a', 'https://api.example.org/v2/items?id=7'],
  'uri-reference': ['https://example.com/a', '/relative/path'],
  url: ['https://example.com/a'],
  ipv4: ['192.0.2.1', '198.51.100.23'],
  ipv6: ['2001:db8::1'],
  hostname: ['example.com', 'api.example.org'],
};

// Strings of the shapes patterns in tool schemas usually ask for.
const PATTERN_CANDIDATES = [
  'report', 'Report', 'main-branch', 'feature_x', 'abc123', 'ABC', 'A1', '12345', '42', '0', 'a', 'ab',
  '2024-01-31', '2024-01-31T12:00:00Z', '12:30', '12:30:00', '2024-01', '2024',
  'owner/repo', 'octo-org/hello-world', 'https://example.com/a', 'http://example.com', 'example.com', 'www.example.com',
  'someone@example.com', '192.0.2.1', '#ff8800', 'ff8800', 'deadbeef', '0x1f', 'v1.2.3', '1.2.3', 'en', 'en-US', 'USD', 'US',
  '123e4567-e89b-12d3-a456-426614174000', 'AKIA1234', 'sk-abc', '@user', 'user_name', 'key=value', '/path/to/file.txt', 'file.txt',
  'PROJ-123', 'us-east-1', '+14155550100', '1d', '5m', '10s', 'P1D', 'true', 'ASC', 'asc', 'desc', 'A', 'x'.repeat(8),
];

/** mulberry32: a small seeded generator, so every run proposes the same documents. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function resolveRef(root, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  let node = root;
  for (const t of ref.slice(1).split('/').filter(Boolean)) node = node?.[decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function mergeAllOf(schema) {
  const out = { ...schema, allOf: undefined, properties: { ...(schema.properties ?? {}) }, required: [...(schema.required ?? [])] };
  for (const part of schema.allOf) {
    if (!isObj(part)) continue;
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties') Object.assign(out.properties, v);
      else if (k === 'required') out.required.push(...v);
      else if (out[k] === undefined) out[k] = v;
    }
  }
  return out;
}

const OBJECT_WORDS = ['kind', 'meta', 'extra', 'note'];

class Generator {
  constructor(root, rand, wide = false) {
    this.root = root;
    this.rand = rand;
    this.wide = wide;
  }

  /** Any JSON value: each type in turn, nested a little (what a schema with no type accepts). */
  anyValue(depth) {
    const kind = Math.floor(this.rand() * (depth > 6 ? 5 : 7));
    if (kind === 0) return this.pick(WORDS);
    if (kind === 1) return this.int(-5, 500);
    if (kind === 2) return this.rand() * 100;
    if (kind === 3) return this.rand() < 0.5;
    if (kind === 4) return null;
    if (kind === 5) return Object.fromEntries(Array.from({ length: this.int(0, 2) }, (_, i) => [`${this.pick(OBJECT_WORDS)}_${i}`, this.anyValue(depth + 2)]));
    return Array.from({ length: this.int(0, 3) }, () => this.anyValue(depth + 2));
  }

  pick(list) {
    return list[Math.floor(this.rand() * list.length)];
  }

  int(lo, hi) {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }

  value(schema, depth) {
    if (schema === true || schema === undefined || schema === null) return this.wide ? this.anyValue(depth) : this.pick(WORDS);
    if (schema === false) return undefined;
    if (depth > (this.wide ? 14 : 8)) return this.minimal(schema, depth);
    if (typeof schema.$ref === 'string') {
      const target = resolveRef(this.root, schema.$ref);
      return target === undefined ? this.pick(WORDS) : this.value(target, depth + 1);
    }
    if (schema.const !== undefined) return schema.const;
    if (Array.isArray(schema.enum)) {
      if (this.wide) return this.pick(schema.enum);
      const nonNull = schema.enum.filter((v) => v !== null);
      return nonNull.length ? this.pick(nonNull) : null;
    }
    if (Array.isArray(schema.allOf)) return this.value(mergeAllOf(schema), depth + 1);
    for (const kw of ['anyOf', 'oneOf']) {
      if (Array.isArray(schema[kw]) && schema[kw].length) {
        const branches = this.wide ? schema[kw] : schema[kw].filter((s) => !(isObj(s) && s.type === 'null'));
        const branch = this.pick(branches.length ? branches : schema[kw]);
        // Siblings of the alternatives (type, properties) apply too.
        const merged = isObj(branch) ? { ...schema, [kw]: undefined, ...branch } : branch;
        return this.value(merged, depth + 1);
      }
    }
    if (schema.default !== undefined && this.rand() < 0.2) return schema.default;
    if (Array.isArray(schema.examples) && schema.examples.length && this.rand() < 0.5) return this.pick(schema.examples);
    let type = schema.type;
    if (Array.isArray(type)) {
      const choices = this.wide ? type : type.filter((t) => t !== 'null');
      type = choices.length ? this.pick(choices) : 'null';
    }
    if (!type) {
      const implied = schema.properties || schema.additionalProperties || schema.required ? 'object' : schema.items || schema.prefixItems ? 'array' : undefined;
      if (implied === undefined && this.wide) return this.anyValue(depth);
      type = implied ?? 'string';
    }
    switch (type) {
      case 'object':
        return this.object(schema, depth);
      case 'array':
        return this.array(schema, depth);
      case 'string':
        return this.string(schema);
      case 'integer':
        return this.integer(schema);
      case 'number':
        return this.number(schema);
      case 'boolean':
        return this.rand() < 0.5;
      case 'null':
        return null;
      default:
        return this.pick(WORDS);
    }
  }

  minimal(schema, depth) {
    if (!isObj(schema)) return 'x';
    if (schema.const !== undefined) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    const t = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (t === 'object') return this.object({ ...schema, properties: Object.fromEntries((schema.required ?? []).map((k) => [k, schema.properties?.[k]])) }, depth - 1);
    if (t === 'array') return [];
    if (t === 'integer' || t === 'number') return this.integer(schema);
    if (t === 'boolean') return true;
    if (t === 'null') return null;
    return this.string(schema);
  }

  object(schema, depth) {
    const out = {};
    const props = isObj(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const [k, s] of Object.entries(props)) {
      if (!required.has(k) && this.rand() < 0.3) continue;
      const v = this.value(s, depth + 1);
      if (v !== undefined) out[k] = v;
    }
    for (const k of required) if (!(k in out)) out[k] = this.value(props[k], depth + 1);
    const extra = schema.additionalProperties;
    if (this.wide && Object.keys(props).length > 0 && extra !== false && schema.unevaluatedProperties !== false && this.rand() < 0.3) {
      // An open object takes properties it does not name.
      out[`${this.pick(OBJECT_WORDS)}_x`] = isObj(extra) ? this.value(extra, depth + 1) : this.anyValue(depth + 1);
    }
    if (Object.keys(props).length === 0 && extra !== false && isObj(schema) && !schema.patternProperties) {
      // A map: a few entries under the additionalProperties schema.
      const n = this.int(1, 4);
      for (let i = 0; i < n; i++) out[`${this.pick(WORDS)}_${i}`] = this.value(isObj(extra) ? extra : { type: 'string' }, depth + 1);
    }
    return out;
  }

  array(schema, depth) {
    const min = Number.isInteger(schema.minItems) ? schema.minItems : 0;
    const max = Number.isInteger(schema.maxItems) ? schema.maxItems : min + 6;
    const n = Math.min(max, Math.max(min, this.int(this.wide ? 0 : 1, 5)));
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
    const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    const out = [];
    for (let i = 0; i < n; i++) {
      const s = i < prefix.length ? prefix[i] : rest;
      if (s === false) break;
      out.push(this.value(s ?? { type: 'string' }, depth + 1));
    }
    if (schema.uniqueItems === true) return out.filter((v, i) => out.findIndex((w) => JSON.stringify(w) === JSON.stringify(v)) === i);
    return out;
  }

  string(schema) {
    const samples = FORMAT_SAMPLES[schema.format];
    if (samples) return this.pick(samples);
    if (typeof schema.pattern === 'string') return this.matching(schema.pattern) ?? this.pick(WORDS);
    const min = Number.isInteger(schema.minLength) ? schema.minLength : 1;
    const max = Number.isInteger(schema.maxLength) ? schema.maxLength : Math.max(min, 48);
    const target = Math.min(max, Math.max(min, this.int(4, 40)));
    let s = this.pick(WORDS);
    while (s.length < target) s += ' ' + this.pick(WORDS);
    return s.slice(0, target).replace(/ $/, 'x');
  }

  /** A plausible string the pattern accepts: the first candidate it matches, picked at random among those. */
  matching(pattern) {
    let re;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      return undefined;
    }
    const hits = PATTERN_CANDIDATES.filter((c) => re.test(c));
    return hits.length ? this.pick(hits) : undefined;
  }

  bounds(schema, fallbackLo, fallbackHi) {
    let lo = typeof schema.minimum === 'number' ? schema.minimum : fallbackLo;
    let hi = typeof schema.maximum === 'number' ? schema.maximum : Math.max(lo, fallbackHi);
    if (typeof schema.exclusiveMinimum === 'number') lo = Math.max(lo, schema.exclusiveMinimum + 1);
    if (typeof schema.exclusiveMaximum === 'number') hi = Math.min(hi, schema.exclusiveMaximum - 1);
    return [lo, Math.max(lo, hi)];
  }

  integer(schema) {
    const [lo, hi] = this.bounds(schema, 0, 1000);
    const n = this.int(Math.ceil(lo), Math.floor(Math.min(hi, lo + 10_000)));
    const m = typeof schema.multipleOf === 'number' ? schema.multipleOf : 1;
    return Number.isInteger(m) && m > 0 ? Math.ceil(n / m) * m : n;
  }

  number(schema) {
    const [lo, hi] = this.bounds(schema, 0, 1000);
    return Math.round((lo + this.rand() * (Math.min(hi, lo + 10_000) - lo)) * 100) / 100;
  }
}

/**
 * Up to `count` proposed valid documents for `schema`; the same schema and seed give the same list.
 * `options.wide`: the breadth of what the schema accepts (see the top of this file).
 */
export function proposeDocuments(schema, seed, count, options = {}) {
  const gen = new Generator(schema, seededRandom(seed), options.wide === true);
  const out = [];
  for (let i = 0; i < count; i++) out.push(gen.value(schema, 0));
  return out;
}

function leaves(value, path, out) {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, [...path, i], out));
  else if (isObj(value)) for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], out);
  if (path.length) out.push({ path, value });
  return out;
}

function setAt(doc, path, value) {
  const copy = structuredClone(doc);
  let node = copy;
  for (const t of path.slice(0, -1)) node = node[t];
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(last, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** A valid document with one realistic mistake, chosen by `seed` (it may still be valid: check it). */
export function breakDocument(doc, seed) {
  const rand = seededRandom(seed);
  if (!isObj(doc)) return { unexpected: true };
  const spots = leaves(doc, [], []);
  const kind = Math.floor(rand() * 5);
  if (spots.length === 0 || kind === 4) return { ...doc, [`unexpected_${Math.floor(rand() * 100)}`]: 'x' };
  const spot = spots[Math.floor(rand() * spots.length)];
  const v = spot.value;
  switch (kind) {
    case 0: // wrong type
      return setAt(doc, spot.path, typeof v === 'string' ? 12345 : typeof v === 'number' ? String(v) : typeof v === 'boolean' ? 'yes' : 'wrong');
    case 1: // left out (a required property is usually what this breaks)
      return setAt(doc, spot.path, undefined);
    case 2: // out of range: very large number, or a very long string
      return setAt(doc, spot.path, typeof v === 'number' ? -1e12 : typeof v === 'string' ? v.repeat(400) : 12345);
    default: // a wrong type at the top level
      return setAt(doc, [spot.path[0]], typeof doc[spot.path[0]] === 'string' ? false : 'wrong');
  }
}
