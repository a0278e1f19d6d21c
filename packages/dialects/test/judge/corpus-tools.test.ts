// The judge on real MCP tools from corpus/tools: valid and invalid calls, from a canonical caller and
// from a caller whose dialect sends null for every optional property it leaves out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/judge/create-judge.js';
import type { JudgeResult, JudgeTool } from '../../src/judge/types.js';

const corpus = join(import.meta.dirname, '../../../../corpus/tools');
const loadTool = (id: string): JudgeTool => JSON.parse(readFileSync(join(corpus, `${id}.json`), 'utf8')) as JudgeTool;

function refused(r: JudgeResult) {
  if (r.ok) throw new Error(`expected a refusal, got ${JSON.stringify(r.value)}`);
  return r;
}

describe('cloudflare-radar/get_domain_rank_details (draft-07, pattern, format date, closed object)', () => {
  const judge = createJudge(loadTool('cloudflare-radar/get_domain_rank_details'));

  it('accepts a valid call and hands over the very same arguments', () => {
    const args = { domain: 'sub.example.co.uk', date: ['2024-01-31'] };
    const r = judge.checkArguments(args, { decodeNulls: false });
    expect(r).toEqual({ ok: true, value: args });
    expect(r.ok && r.value).toBe(args);
  });

  it('refuses a bad call with one plain-words violation per problem, at its pointer', () => {
    const r = refused(judge.checkArguments({ domain: 'not a domain!', date: ['2024-01-31', 'tomorrow'], region: 'eu' }, { decodeNulls: false }));
    expect(r.fault).toBe('caller');
    expect(r.violations).toEqual([
      { path: '/region', rule: 'is not accepted (no such property here)', value: '"eu"', keyword: 'additionalProperties' },
      { path: '/domain', rule: expect.stringMatching(/^must match the pattern \^/), value: '"not a domain!"', keyword: 'pattern' },
      { path: '/date/1', rule: 'must be an ISO-8601 date', value: '"tomorrow"', keyword: 'format' },
    ]);
    expect(r.text).toMatch(/^The arguments of tool "get_domain_rank_details" were not accepted \(3 problems\): \/region is not accepted/);
    expect(r.text).toContain('/date/1 must be an ISO-8601 date (got "tomorrow")');
    expect(r.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['judge.arguments.additionalProperties', '/region'],
      ['judge.arguments.pattern', '/domain'],
      ['judge.arguments.format', '/date/1'],
    ]);
  });

  it('points a missing required property at its own name', () => {
    const r = refused(judge.checkArguments({}, { decodeNulls: false }));
    expect(r.violations).toEqual([{ path: '/domain', rule: 'is required', keyword: 'required' }]);
    const missing = refused(judge.checkArguments(undefined, { decodeNulls: false }));
    expect(missing.violations).toEqual(r.violations);
  });

  it('reads a null on an optional property as its omission, for a decoding caller only', () => {
    const args = { domain: 'example.com', date: null };
    expect(judge.checkArguments(args, { decodeNulls: true })).toEqual({ ok: true, value: { domain: 'example.com' } });
    expect(args).toEqual({ domain: 'example.com', date: null });
    const canonical = refused(judge.checkArguments(args, { decodeNulls: false }));
    expect(canonical.violations).toEqual([{ path: '/date', rule: 'must be an array', value: 'null', keyword: 'type' }]);
  });

  it('keeps and judges a null on a required property', () => {
    const r = refused(judge.checkArguments({ domain: null, date: null }, { decodeNulls: true }));
    expect(r.violations).toEqual([{ path: '/domain', rule: 'must be a string', value: 'null', keyword: 'type' }]);
  });
});

describe('calm-server/callers (2020-12, nullable properties, outputSchema with $defs)', () => {
  const judge = createJudge(loadTool('calm-server/callers'));

  it('removes nulls only where the property does not admit null', () => {
    const args = { symbol: 'run', path: null, line: null, qualified_name: null, transitive: null, max_depth: null, if_none_match: null };
    const r = judge.checkArguments(args, { decodeNulls: true });
    expect(r).toEqual({ ok: true, value: { symbol: 'run', path: null, line: null, qualified_name: null, max_depth: null, if_none_match: null } });
  });

  it('refuses a wrong type nested in a nullable union in plain words', () => {
    const r = refused(judge.checkArguments({ symbol: 'run', line: 'ten' }, { decodeNulls: true }));
    expect(r.violations).toEqual([{ path: '/line', rule: 'must be an integer or null', value: '"ten"', keyword: 'type' }]);
  });

  it('blames the server for a result that breaks the output schema', () => {
    const tool = loadTool('calm-server/callers');
    const out = tool.outputSchema as { required?: string[] };
    const r = refused(judge.checkResult({}));
    expect(r.fault).toBe('server');
    expect(r.violations.map((v) => v.path).sort()).toEqual((out.required ?? []).map((k) => `/${k}`).sort());
    expect(r.text).toMatch(/does not match the tool's output schema; this is a fault of the server/);
  });
});

describe('livemcpbench.random-number/random_int (an x- annotation in the output schema)', () => {
  const judge = createJudge(loadTool('livemcpbench.random-number/random_int'));
  it('accepts the annotated schema and judges results by it', () => {
    expect(judge.warm()).toEqual([]);
    expect(judge.checkResult({ result: 4 })).toEqual({ ok: true, value: { result: 4 } });
    expect(refused(judge.checkResult({ result: 4.5 })).violations).toEqual([{ path: '/result', rule: 'must be an integer', value: '4.5', keyword: 'type' }]);
    expect(refused(judge.checkResult(undefined)).fault).toBe('server');
  });
  it('says what is wrong with several arguments at once', () => {
    const r = refused(judge.checkArguments({ low: '1' }, { decodeNulls: false }));
    expect(r.violations).toEqual([
      { path: '/high', rule: 'is required', keyword: 'required' },
      { path: '/low', rule: 'must be an integer', value: '"1"', keyword: 'type' },
    ]);
  });
});

describe('notion-mcp-server (anyOf branches, $ref into $defs)', () => {
  it('decodes inside the one anyOf branch that validates (post-search sort)', () => {
    const judge = createJudge(loadTool('notion-mcp-server/API-post-search'));
    const args = { query: null, sort: { direction: null, timestamp: 'last_edited_time' }, filter: null, start_cursor: null, page_size: null };
    expect(judge.checkArguments(args, { decodeNulls: true })).toEqual({ ok: true, value: { sort: { timestamp: 'last_edited_time' } } });
  });

  it('decodes by the branch that declares the keys sent, not by an open branch that declares none of them', () => {
    // children items: anyOf [$ref blockObjectRequest, string, {type: object, additionalProperties: true}].
    // A caller of a closing dialect read the third as a closed empty object: keys such as
    // `paragraph` and `type` come from the first, whose optional `type` it sent as null.
    const judge = createJudge(loadTool('notion-mcp-server/API-patch-block-children'));
    const block = { type: null, paragraph: { rich_text: [{ type: null, text: { content: 'hi', link: null } }] } };
    const r = judge.checkArguments({ block_id: 'b1', children: [block], after: null }, { decodeNulls: true });
    expect(r).toEqual({ ok: true, value: { block_id: 'b1', children: [{ paragraph: { rich_text: [{ text: { content: 'hi', link: null } }] } }] } });
  });

  it('refuses a closed $ref branch with an extra key, naming the alternatives', () => {
    const judge = createJudge(loadTool('notion-mcp-server/API-post-search'));
    const r = refused(judge.checkArguments({ sort: 5 }, { decodeNulls: false }));
    expect(r.violations).toEqual([{ path: '/sort', rule: 'must match one of the alternatives: must be an object; or must be a string', value: '5', keyword: 'anyOf' }]);
  });
});

describe('the whole corpus', () => {
  const tools: { id: string; tool: JudgeTool }[] = [];
  for (const server of readdirSync(corpus).sort()) {
    for (const f of readdirSync(join(corpus, server)).sort()) {
      if (f.endsWith('.json')) tools.push({ id: `${server}/${f}`, tool: JSON.parse(readFileSync(join(corpus, server, f), 'utf8')) as JudgeTool });
    }
  }
  const judges = new Map(tools.map(({ id, tool }) => [id, createJudge(tool)]));
  const bare2020 = new Ajv2020({ strict: false, allErrors: true, logger: false });
  const bare07 = new Ajv({ strict: false, allErrors: true, logger: false });

  it('has 881 tools, and every schema but one compiles with no error', () => {
    expect(tools.length).toBe(881);
    const errors = tools.flatMap(({ id }) => judges.get(id)!.warm().filter((d) => d.severity === 'error').map((d) => `${id}${d.path}: ${d.message}`));
    // The one corpus tool whose schema is not valid 2020-12 (a draft-04 boolean exclusiveMinimum):
    // reported at the keyword, in the meta-schema check's words, and every call to it is answered
    // as a server fault.
    expect(errors).toEqual([
      'livemcpbench.pdf-reader-mcp/read_pdf.json/inputSchema/properties/sources/items/properties/pages/anyOf/0/items/exclusiveMinimum: The schema cannot be compiled: Not a valid 2020-12 schema: "exclusiveMinimum" must be number (a boolean exclusiveMinimum is draft-04; from draft-06 on the bound itself is the number).',
    ]);
    const broken = judges.get('livemcpbench.pdf-reader-mcp/read_pdf.json')!.checkArguments({}, { decodeNulls: false });
    expect(broken.ok === false && broken.fault).toBe('server');
  });

  it('a decoding caller sending null for every optional top-level property gets only canonical-valid values, with only those nulls removed', () => {
    let decoded = 0;
    for (const { id, tool } of tools) {
      const schema = tool.inputSchema as { properties?: Record<string, unknown>; required?: string[]; $schema?: string };
      const props = Object.keys(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const args: Record<string, unknown> = {};
      for (const p of props) if (!required.has(p)) args[p] = null;
      const r = judges.get(id)!.checkArguments(args, { decodeNulls: true });
      if (!r.ok) {
        // Refused only for the required properties left out: no optional null was left to be refused.
        if (r.fault === 'caller') for (const v of r.violations) expect(v.keyword === 'required' && required.has(v.path.slice(1)), `${id} ${v.path} ${v.rule}`).toBe(true);
        continue;
      }
      const bare = (schema.$schema ?? '').includes('draft-07') ? bare07 : bare2020;
      expect(bare.validate(schema, r.value), id).toBe(true);
      const value = r.value as Record<string, unknown>;
      for (const k of Object.keys(value)) expect(args[k], `${id} ${k}`).toBe(null);
      decoded += props.length - required.size - Object.keys(value).length;
    }
    expect(decoded).toBeGreaterThan(150);
  });
});
