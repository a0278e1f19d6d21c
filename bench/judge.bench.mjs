// The judge beside a bare precompiled Ajv validator, on the same real corpus schemas and arguments,
// in one process: canonical callers (valid and invalid calls) and null-sending callers (every
// omitted optional property sent as null), plus the "ready time" of a server holding all 881 tools.
// Targets (issue 4 / DEVELOPERS brief): canonical <= 1.2x bare Ajv, null-sending <= 2x, and 881
// tools ready in under 0.2 s where compiling them all with Ajv takes about 0.85 s.
//
// The bare baseline is what a server would write without the judge: Ajv2020 or the draft-07 class
// by `$schema`, ajv-formats, `strict: false`, `allErrors: true` (so a model hears every problem),
// and for a refused call `ajv.errorsText()` as its message.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { loadCorpusTools, timeInterleaved, timeMedian, root, isMain } from './lib.mjs';
import { breakDocument, proposeDocuments } from '../scripts/realistic-documents.mjs';

const require = createRequire(join(root, 'packages/dialects/package.json'));
const { Ajv } = require('ajv');
const { Ajv2020 } = require('ajv/dist/2020.js');
const addFormatsModule = require('ajv-formats');
const addFormats = addFormatsModule.default ?? addFormatsModule;

const isDraft07 = (schema) => typeof schema?.$schema === 'string' && schema.$schema.includes('draft-07');

function bareAjv(draft07) {
  const ajv = draft07 ? new Ajv({ strict: false, allErrors: true, logger: false }) : new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  return ajv;
}

// --- arguments for real tools: a plain generator, every result checked by Ajv before use -------

const FORMAT_SAMPLES = {
  date: '2024-01-31',
  'date-time': '2024-01-31T12:00:00Z',
  time: '12:00:00Z',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  email: 'someone@example.com',
  uri: 'https://example.com/a',
  'uri-reference': 'https://example.com/a',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
};

function resolveRef(rootSchema, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  let node = rootSchema;
  for (const t of ref.slice(1).split('/').filter(Boolean)) node = node?.[decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

function admitsNull(schema) {
  if (!schema || typeof schema !== 'object') return schema === true;
  const t = schema.type;
  if (Array.isArray(t)) return t.includes('null');
  if (t !== undefined) return t === 'null';
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some((s) => s && s.type === 'null');
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  return !schema.$ref && !schema.oneOf && !schema.allOf && schema.const === undefined;
}

/** A sample value; `nulls` also sends null for each optional property left out (when that property refuses null). */
function sample(schema, rootSchema, depth, nulls) {
  if (depth > 6 || schema === true || schema === undefined) return 'x';
  if (schema.$ref) return sample(resolveRef(rootSchema, schema.$ref), rootSchema, depth + 1, nulls);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? null;
  if (Array.isArray(schema.anyOf)) return sample(schema.anyOf.find((s) => s?.type !== 'null') ?? schema.anyOf[0], rootSchema, depth + 1, nulls);
  if (Array.isArray(schema.oneOf)) return sample(schema.oneOf[0], rootSchema, depth + 1, nulls);
  if (Array.isArray(schema.allOf)) return sample(Object.assign({}, ...schema.allOf, { allOf: undefined }), rootSchema, depth + 1, nulls);
  let type = schema.type;
  if (Array.isArray(type)) type = type.find((t) => t !== 'null') ?? 'null';
  if (!type) type = schema.properties ? 'object' : schema.items ? 'array' : 'string';
  switch (type) {
    case 'object': {
      const out = {};
      const required = new Set(schema.required ?? []);
      for (const [k, s] of Object.entries(schema.properties ?? {})) {
        if (required.has(k) || !nulls) out[k] = sample(s, rootSchema, depth + 1, nulls);
        else if (!admitsNull(s)) out[k] = null;
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}, rootSchema, depth + 1, nulls));
    case 'string':
      return FORMAT_SAMPLES[schema.format] ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'number':
      return Math.max(schema.minimum ?? 1.5, 1.5);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** The same call with one mistake: the first property given the wrong type. */
function breakCall(args, schema) {
  const key = (schema.required ?? [])[0] ?? Object.keys(args)[0];
  if (key === undefined) return { unexpected: 1, also: 'x' };
  const wrong = typeof args[key] === 'string' ? 12345 : 'wrong';
  return { ...args, [key]: wrong };
}

export async function run() {
  const engine = await import(pathToFileURL(join(root, 'packages/dialects/dist/index.js')).href);
  const corpus = loadCorpusTools().map((t) => t.tool);

  // --- ready time: 881 judges created vs Ajv compiling all 881 -------------------------------------
  const readyJudges = timeMedian(() => {
    for (const tool of corpus) engine.createJudge(tool);
  }, { reps: 9, warmup: 2 });
  const compileAll = () => {
    const a20 = bareAjv(false);
    const a07 = bareAjv(true);
    for (const tool of corpus) {
      for (const s of [tool.inputSchema, tool.outputSchema]) {
        if (s === undefined) continue;
        try {
          (isDraft07(s) ? a07 : a20).compile(s);
        } catch {
          // the one invalid corpus schema
        }
      }
    }
  };

  // --- calls ---------------------------------------------------------------------------------------
  const a20 = bareAjv(false);
  const a07 = bareAjv(true);
  const cases = [];
  for (const tool of corpus) {
    const schema = tool.inputSchema;
    const bareAjvFor = isDraft07(schema) ? a07 : a20;
    let validate;
    try {
      validate = bareAjvFor.compile(schema);
    } catch {
      continue;
    }
    const valid = sample(schema, schema, 0, false);
    const sent = sample(schema, schema, 0, true);
    if (!validate(valid)) continue;
    const invalid = breakCall(valid, schema);
    if (validate(invalid)) continue;
    const judge = engine.createJudge(tool);
    judge.warm();
    const decoded = judge.checkArguments(sent, { decodeNulls: true });
    cases.push({ tool, judge, validate, ajv: bareAjvFor, valid, invalid, sent, decoded: decoded.ok ? decoded.value : undefined });
  }
  let disagreements = 0;
  // Realistic documents (realistic-documents.mjs): up to 5 valid and 5 invalid per tool, each kept
  // only when bare Ajv gives the verdict it was generated for.
  const realValid = [];
  const realInvalid = [];
  cases.forEach((c, i) => {
    const usesPatterns = /"(pattern|patternProperties)"/.test(JSON.stringify(c.tool.inputSchema));
    const docs = proposeDocuments(c.tool.inputSchema, 7919 * i + 1, 12).filter((d) => c.validate(d)).slice(0, 5);
    docs.forEach((d, j) => {
      realValid.push({ c, doc: d, usesPatterns });
      const bad = breakDocument(d, 104729 * i + j);
      if (!c.validate(bad)) realInvalid.push({ c, doc: bad, usesPatterns });
    });
  });
  const plainValid = realValid.filter((r) => !r.usesPatterns);
  for (const r of [...realValid, ...realInvalid]) if (r.c.judge.checkArguments(r.doc, { decodeNulls: false }).ok !== r.c.validate(r.doc)) disagreements++;
  const nullCases = cases.filter((c) => c.decoded !== undefined && JSON.stringify(c.sent).includes('null'));
  // The speed of a wrong answer is worth nothing: the judge must agree with bare Ajv on every call.
  for (const c of cases) {
    if (c.judge.checkArguments(c.valid, { decodeNulls: false }).ok !== true) disagreements++;
    if (c.judge.checkArguments(c.invalid, { decodeNulls: false }).ok !== false) disagreements++;
  }
  for (const c of nullCases) if (!c.validate(c.decoded)) disagreements++;

  const LOOPS = 20;
  const REAL_LOOPS = 4;
  let sink = 0;
  const ajvValid = (list) => () => {
    for (let n = 0; n < REAL_LOOPS; n++) for (const r of list) sink += r.c.validate(r.doc) ? 1 : 0;
  };
  const judgeValid = (list) => () => {
    for (let n = 0; n < REAL_LOOPS; n++) for (const r of list) sink += r.c.judge.checkArguments(r.doc, { decodeNulls: false }).ok ? 1 : 0;
  };
  const jobs = {
    'bare Ajv, realistic valid': ajvValid(realValid),
    'judge canonical, realistic valid': judgeValid(realValid),
    'bare Ajv, realistic valid, schemas without patterns': ajvValid(plainValid),
    'judge canonical, realistic valid, schemas without patterns': judgeValid(plainValid),
    'bare Ajv + errorsText, realistic invalid': () => {
      for (let n = 0; n < REAL_LOOPS; n++) for (const r of realInvalid) if (!r.c.validate(r.doc)) sink += r.c.ajv.errorsText(r.c.validate.errors).length;
    },
    'judge canonical, realistic invalid': () => {
      for (let n = 0; n < REAL_LOOPS; n++) for (const r of realInvalid) {
        const res = r.c.judge.checkArguments(r.doc, { decodeNulls: false });
        if (!res.ok) sink += res.text.length;
      }
    },
    'bare Ajv, valid': () => {
      for (let n = 0; n < LOOPS; n++) for (const c of cases) sink += c.validate(c.valid) ? 1 : 0;
    },
    'judge canonical, valid': () => {
      for (let n = 0; n < LOOPS; n++) for (const c of cases) sink += c.judge.checkArguments(c.valid, { decodeNulls: false }).ok ? 1 : 0;
    },
    'bare Ajv + errorsText, invalid': () => {
      for (let n = 0; n < LOOPS; n++) for (const c of cases) if (!c.validate(c.invalid)) sink += c.ajv.errorsText(c.validate.errors).length;
    },
    'judge canonical, invalid': () => {
      for (let n = 0; n < LOOPS; n++) for (const c of cases) {
        const r = c.judge.checkArguments(c.invalid, { decodeNulls: false });
        if (!r.ok) sink += r.text.length;
      }
    },
    'bare Ajv on the same (null-carrying) arguments': () => {
      for (let n = 0; n < LOOPS; n++) for (const c of nullCases) sink += c.validate(c.sent) ? 1 : 0;
    },
    'bare Ajv on the decoded arguments': () => {
      for (let n = 0; n < LOOPS; n++) for (const c of nullCases) sink += c.validate(c.decoded) ? 1 : 0;
    },
    'judge decodeNulls, nulls sent': () => {
      for (let n = 0; n < LOOPS; n++) for (const c of nullCases) sink += c.judge.checkArguments(c.sent, { decodeNulls: true }).ok ? 1 : 0;
    },
    'judge decodeNulls, no null sent': () => {
      for (let n = 0; n < LOOPS; n++) for (const c of cases) sink += c.judge.checkArguments(c.valid, { decodeNulls: true }).ok ? 1 : 0;
    },
  };
  const ms = timeInterleaved(jobs, { reps: 31, warmup: 5 });
  if (sink < 0) console.log(sink);

  // Eager compile through the judge (what warm() costs), beside Ajv compiling the same schemas.
  // Interleaved, so both pay the same heap and JIT state.
  const compileTimes = timeInterleaved(
    {
      ajv: compileAll,
      judges: () => {
        for (const tool of corpus) engine.createJudge(tool).warm();
      },
    },
    { reps: 3, warmup: 1 },
  );
  const ajvCompileAll = compileTimes.ajv;
  const warmAll = compileTimes.judges;

  const rows = [
    { label: 'corpus tools', value: corpus.length, unit: 'tools' },
    { label: 'tools with a generated valid and invalid call', value: cases.length, unit: 'tools' },
    { label: 'tools whose null-sending call decodes and is accepted', value: nullCases.length, unit: 'tools' },
    { label: 'realistic valid documents (generated, accepted by bare Ajv)', value: realValid.length, unit: 'documents' },
    { label: '  of which for schemas without patterns', value: plainValid.length, unit: 'documents' },
    { label: 'realistic invalid documents (one mistake each, refused by bare Ajv)', value: realInvalid.length, unit: 'documents' },
    { label: 'verdicts where the judge and bare Ajv disagree', value: disagreements, unit: 'calls' },
    { label: 'ready: createJudge for all 881 tools (lazy compile)', value: readyJudges, unit: 'ms' },
    { label: 'Ajv compiling all 881 tools (fresh instances)', value: ajvCompileAll, unit: 'ms' },
    { label: 'createJudge + warm() for all 881 tools (eager compile)', value: warmAll, unit: 'ms' },
  ];
  for (const [k, v] of Object.entries(ms)) rows.push({ label: k, value: v, unit: `ms per ${k.includes('realistic') ? REAL_LOOPS : LOOPS} passes (median)` });
  const ratios = {
    'realistic valid: judge / bare Ajv': ms['judge canonical, realistic valid'] / ms['bare Ajv, realistic valid'],
    'realistic valid, schemas without patterns: judge / bare Ajv': ms['judge canonical, realistic valid, schemas without patterns'] / ms['bare Ajv, realistic valid, schemas without patterns'],
    'realistic invalid: judge / bare Ajv + errorsText': ms['judge canonical, realistic invalid'] / ms['bare Ajv + errorsText, realistic invalid'],
    'minimal valid: judge / bare Ajv': ms['judge canonical, valid'] / ms['bare Ajv, valid'],
    'minimal invalid: judge / bare Ajv + errorsText': ms['judge canonical, invalid'] / ms['bare Ajv + errorsText, invalid'],
    'minimal all: judge / bare Ajv': (ms['judge canonical, valid'] + ms['judge canonical, invalid']) / (ms['bare Ajv, valid'] + ms['bare Ajv + errorsText, invalid']),
    'decodeNulls with nulls: judge / bare Ajv on the same arguments': ms['judge decodeNulls, nulls sent'] / ms['bare Ajv on the same (null-carrying) arguments'],
    'decodeNulls with nulls: judge / bare Ajv on decoded': ms['judge decodeNulls, nulls sent'] / ms['bare Ajv on the decoded arguments'],
    'decodeNulls without nulls: judge / bare Ajv': ms['judge decodeNulls, no null sent'] / ms['bare Ajv, valid'],
    'ready: 881 judges / Ajv compile all': readyJudges / ajvCompileAll,
  };
  const targets = {
    'realistic valid: judge / bare Ajv': 1.2,
    'minimal valid: judge / bare Ajv': 1.2,
    'decodeNulls with nulls: judge / bare Ajv on the same arguments': 2,
    'ready: 881 judges / Ajv compile all': 0.2 / 0.85,
  };
  return {
    name: 'Judge vs bare Ajv on corpus calls',
    rows,
    ratios,
    targets,
    notes: [
      'Realistic documents: scripts/realistic-documents.mjs, seeded (the same documents every run): optional properties mostly filled, arrays of 1-5 items, plausible strings and numbers; invalid ones carry one realistic mistake. Minimal documents: required properties only, one item per array.',
      'Baseline: precompiled Ajv (draft by $schema), ajv-formats, strict false, allErrors true; errorsText for refused calls.',
      'Null-sending calls: the same arguments make bare Ajv refuse (it cannot read the nulls); "on decoded" is the stricter baseline of a canonical call carrying the same information.',
      'The judge also walks the arguments once (depth/size guard), reads own properties only (Ajv ownProperties) and runs patterns on its bounded engine.',
    ],
  };
}

if (isMain(import.meta.url)) console.log(JSON.stringify(await run(), null, 2));
