// Patterns: which engine each corpus pattern runs on, and what a pattern costs the judge beside bare
// Ajv (native RegExp with the u flag, no time bound) on the real corpus tools' patterns.
// "re2js as written" is the judge's former engine (re2js on the pattern text as is, with re2js's own
// meaning of ".", "\s", "^"...), shown for scale only: it gave wrong verdicts (issue 14).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { root, timeInterleaved, isMain } from './lib.mjs';

const require = createRequire(join(root, 'packages/dialects/package.json'));
const { Ajv2020 } = require('ajv/dist/2020.js');
const { RE2JS } = require('re2js');

const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);
function collect(node, into) {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((v) => collect(v, into));
  for (const [k, v] of Object.entries(node)) {
    if (k === 'pattern' && typeof v === 'string') into.add(v);
    if (k === 'patternProperties' && v && typeof v === 'object') for (const p of Object.keys(v)) into.add(p);
    if (!DATA_KEYWORDS.has(k)) collect(v, into);
  }
}
function jsonFiles(dir) {
  return readdirSync(dir).sort().flatMap((n) => (statSync(join(dir, n)).isDirectory() ? jsonFiles(join(dir, n)) : n.endsWith('.json') ? [join(dir, n)] : []));
}
const validWithU = (p) => {
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false;
  }
};

// A string each real tool pattern accepts, and the same with a line terminator or Unicode space in it.
const SAMPLES = {
  '^((([1-9]|[1-9][0-9]|[1-2][0-9][0-9]|3[0-5][0-9]|36[0-4])d(control)?)|(([1-9]|[1-4][0-9]|5[0-2])w(control)?))$': '30dcontrol',
  '^(-?[a-zA-Z]{2})$': '-us',
  '^(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])\\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9])$': 'api.radar.example.com',
  '^[a-zA-Z]{2}$': 'US',
  '^[.\\-A-Za-z0-9]+([=!,]{1,2}[./\\-A-Za-z0-9]+)+$': 'name=foo,bar=baz',
  '^([/_.\\-A-Za-z0-9=, ()!])+$': 'a/b (c)!=d',
  '^[GDZTKOFS]*$': 'GDZTK',
  '^AS\\d+$': 'AS13335',
};

export async function run() {
  const engine = await import(pathToFileURL(join(root, 'packages/dialects/dist/index.js')).href);
  // The package ships bundles only, so the pattern planner (an internal) is read from source.
  const { tsImport } = await import('tsx/esm/api');
  const internals = await tsImport(pathToFileURL(join(root, 'packages/dialects/src/judge/safe-regexp.ts')).href, import.meta.url);

  const real = new Set();
  for (const f of [...jsonFiles(join(root, 'corpus/tools')), ...jsonFiles(join(root, 'corpus/mcpdesc'))]) collect(JSON.parse(readFileSync(f, 'utf8')), real);
  const all = new Set(real);
  for (const f of jsonFiles(join(root, 'corpus/json-schema-test-suite/tests'))) collect(JSON.parse(readFileSync(f, 'utf8')), all);
  const usable = [...all].filter(validWithU);
  const plans = usable.map((p) => internals.planPattern(p));
  const reasons = {};
  for (const plan of plans) if (plan.kind === 'bounded') reasons[plan.reason.replace(/\(.*\)/, '').trim()] = (reasons[plan.reason.replace(/\(.*\)/, '').trim()] ?? 0) + 1;

  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  const cases = [...real].map((pattern) => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern } }, required: ['s'] };
    const valid = { s: SAMPLES[pattern] };
    const invalid = { s: `${SAMPLES[pattern]}\r` };
    const judge = engine.createJudge({ inputSchema: schema });
    judge.warm();
    const re2AsWritten = RE2JS.compile(pattern);
    return { pattern, validate: ajv.compile(schema), judge, valid, invalid, re2AsWritten };
  });
  let disagreements = 0;
  for (const c of cases) {
    for (const doc of [c.valid, c.invalid]) if (c.judge.checkArguments(doc, { decodeNulls: false }).ok !== c.validate(doc)) disagreements++;
    if (!c.validate(c.valid)) disagreements += 1000; // a sample that does not match makes the timing meaningless
  }

  const LOOPS = 500;
  let sink = 0;
  const ms = timeInterleaved(
    {
      'bare Ajv, valid': () => {
        for (let n = 0; n < LOOPS; n++) for (const c of cases) sink += c.validate(c.valid) ? 1 : 0;
      },
      'judge, valid': () => {
        for (let n = 0; n < LOOPS; n++) for (const c of cases) sink += c.judge.checkArguments(c.valid, { decodeNulls: false }).ok ? 1 : 0;
      },
      'bare Ajv + errorsText, invalid': () => {
        for (let n = 0; n < LOOPS; n++) for (const c of cases) sink += c.validate(c.invalid) ? 0 : ajv.errorsText(c.validate.errors).length;
      },
      'judge, invalid': () => {
        for (let n = 0; n < LOOPS; n++) for (const c of cases) {
          const r = c.judge.checkArguments(c.invalid, { decodeNulls: false });
          if (!r.ok) sink += r.text.length;
        }
      },
      'native RegExp test only': () => {
        for (let n = 0; n < LOOPS; n++) for (const c of cases) sink += new RegExp(c.pattern, 'u').test(c.valid.s) ? 1 : 0;
      },
      're2js as written, test only': () => {
        for (let n = 0; n < LOOPS; n++) for (const c of cases) sink += c.re2AsWritten.matcher(c.valid.s).find() ? 1 : 0;
      },
    },
    { reps: 21, warmup: 5 },
  );
  if (sink < 0) console.log(sink);

  const rows = [
    { label: 'distinct patterns in the corpus (tools, mcpdesc, JSON-Schema-Test-Suite), valid with u', value: usable.length, unit: 'patterns' },
    { label: '... of which in the real tools (tools, mcpdesc)', value: real.size, unit: 'patterns' },
    { label: "run in linear time on the judge's DFA", value: plans.filter((p) => p.kind === 'linear' && p.engine === 'dfa').length, unit: 'patterns' },
    { label: 'run in linear time on re2js (word boundaries, large repetitions), classes spelled out', value: plans.filter((p) => p.kind === 'linear' && p.engine === 're2js').length, unit: 'patterns' },
    { label: 'run on the bounded native path (worker, time limit)', value: plans.filter((p) => p.kind === 'bounded').length, unit: 'patterns' },
    ...Object.entries(reasons).map(([reason, n]) => ({ label: `bounded because ${reason}`, value: n, unit: 'patterns' })),
    { label: 'real tool patterns on the bounded path', value: [...real].filter((p) => internals.planPattern(p).kind === 'bounded').length, unit: 'patterns' },
    { label: 'verdicts where the judge and bare Ajv disagree (real tool patterns, valid and invalid)', value: disagreements, unit: 'calls' },
  ];
  for (const [k, v] of Object.entries(ms)) rows.push({ label: k, value: v, unit: `ms per ${LOOPS} passes over the ${cases.length} real patterns (median)` });
  return {
    name: 'Patterns: engines and cost beside bare Ajv',
    rows,
    ratios: {
      'pattern schemas, valid: judge / bare Ajv': ms['judge, valid'] / ms['bare Ajv, valid'],
      'pattern schemas, invalid: judge / bare Ajv + errorsText': ms['judge, invalid'] / ms['bare Ajv + errorsText, invalid'],
    },
    notes: [
      'Schema per real tool pattern: {type: object, properties: {s: {type: string, pattern}}}; the invalid document adds a carriage return.',
      'Bare Ajv runs the native engine, which can backtrack without bound on such patterns (the hostname pattern is one); the judge keeps linear time.',
    ],
  };
}

if (isMain(import.meta.url)) console.log(JSON.stringify(await run(), null, 2));
