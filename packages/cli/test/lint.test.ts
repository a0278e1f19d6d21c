import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintCommand } from '../src/commands/lint.js';

const fixtures = fileURLToPath(new URL('../../../corpus/mcpdesc/spec/draft/fixtures/', import.meta.url));
const corpusTool = fileURLToPath(new URL('../../../corpus/tools/livemcpbench.pdf-reader-mcp/read_pdf.json', import.meta.url));

function sink(isTTY = false) {
  return {
    text: '',
    isTTY,
    write(chunk: string) {
      this.text += chunk;
      return true;
    },
  };
}

async function run(argv: string[], stdinText = '', options: { stdinTTY?: boolean; stdoutTTY?: boolean } = {}) {
  const stdout = sink(options.stdoutTTY);
  const stderr = sink();
  const code = await lintCommand(argv, { stdin: Readable.from([stdinText]), stdout, stderr, isTTY: options.stdinTTY ?? false });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('dialects lint', () => {
  it('lints a file: exit 1 with the rule id and pointer for a broken schema, 0 for a valid document', async () => {
    const bad = await run([`${fixtures}expected-invalid/unresolved-local-tool-ref.json`]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('Tool "missing_local_definition" (/tools/0)');
    expect(bad.stdout).toContain('json-schema.tool-schema.valid  /tools/0/inputSchema/properties/identifier/$ref');
    expect(bad.stdout).toMatch(/unresolved-local-tool-ref\.json:\d+:\d+/);
    const good = await run([`${fixtures}expected-valid/protocol-coverage-and-tool-schemas.json`]);
    expect(good).toEqual({ code: 0, stdout: 'No problems found.\n', stderr: '' });
  });

  it('exits 0 on warnings only, and says the check is incomplete', async () => {
    const result = await run([`${fixtures}expected-warning/unresolved-external-tool-ref.json`, '--format', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ complete: false, errors: 0, warnings: 1 });
    expect(report.diagnostics[0]).toMatchObject({ code: 'json-schema.tool-schema.valid', severity: 'warning' });
  });

  it('reads YAML from stdin with -', async () => {
    const yaml = 'name: search\ninputSchema:\n  type: object\n  required: query\n';
    const result = await run(['-', '--format=json'], yaml);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).diagnostics).toEqual([
      { code: 'json-schema.tool-schema.valid', severity: 'error', message: 'Not a valid 2020-12 schema: "required" must be array.', path: '/inputSchema/required' },
    ]);
  });

  it('reads its input as convert does: a YAML key that is no name is refused at its line, a rounded integer is warned of on stderr', async () => {
    const nullKey = await run(['-'], 'name: t\ninputSchema:\n  type: object\n  properties:\n    ~: {type: string}\n');
    expect(nullKey.code).toBe(2);
    expect(nullKey.stderr).toContain('<stdin>:5:5: not valid JSON or YAML: a map key here is null');
    const big = await run(['-', '--format', 'json'], '{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"integer","maximum":9223372036854775807}}}}');
    expect(big.code).toBe(0);
    expect(JSON.parse(big.stdout)).toMatchObject({ errors: 0, warnings: 0 });
    expect(big.stderr).toContain('<stdin>:1:90: warning number-rounded: the integer 9223372036854775807 at /inputSchema/properties/n/maximum');
  });

  it('writes SARIF 2.1.0 with rule ids and source lines', async () => {
    const result = await run([corpusTool, '--format', 'sarif']);
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout);
    expect(log.version).toBe('2.1.0');
    const [finding] = log.runs[0].results;
    expect(finding.ruleId).toBe('json-schema.tool-schema.valid');
    expect(log.runs[0].tool.driver.rules[finding.ruleIndex].id).toBe(finding.ruleId);
    expect(finding.locations[0].physicalLocation.artifactLocation.uri).toBe(corpusTool);
    const line = finding.locations[0].physicalLocation.region.startLine;
    expect(readFileSync(corpusTool, 'utf8').split('\n')[line - 1]).toContain('exclusiveMinimum');
  });

  it('checks for the revision given with --protocol when the input names none', async () => {
    expect((await run([corpusTool, '--protocol', '2024-11-05'])).code).toBe(0);
    expect((await run([corpusTool, '--protocol', '2026-07-28'])).code).toBe(1);
    const arrayOut = JSON.stringify({ name: 'a', inputSchema: { type: 'object' }, outputSchema: { type: 'array' } });
    expect((await run(['--protocol', '2026-07-28'], arrayOut)).code).toBe(0);
    expect((await run(['--protocol', '2025-11-25'], arrayOut)).code).toBe(1);
  });

  it('colours only a terminal, unless told otherwise', async () => {
    const file = `${fixtures}expected-invalid/malformed-tool-schema.json`;
    expect((await run([file])).stdout).not.toMatch(/\u001b\[/);
    expect((await run([file], '', { stdoutTTY: true })).stdout).toMatch(/\u001b\[31m/);
    expect((await run([file, '--no-color'], '', { stdoutTTY: true })).stdout).not.toMatch(/\u001b\[/);
  });

  it('exits 2 on usage faults and unreadable input', async () => {
    const malformedJson = join(mkdtempSync(join(tmpdir(), 'lint-json-')), 'tru.json');
    writeFileSync(malformedJson, '{"name": "t", "inputSchema": {"minLength": tru}}');
    const cases: [string[], string, RegExp][] = [
      [['--format', 'xml', corpusTool], '', /unknown format/],
      [['--frobnicate'], '', /unknown option/],
      [['a.json', 'b.json'], '', /one input/],
      [['--protocol', '1999-01-01', corpusTool], '', /Unknown protocol revision/],
      [['/nonexistent/tools.json'], '', /\/nonexistent\/tools\.json: no such file$/m],
      [['-'], 'tools: [unclosed', /not valid JSON or YAML/],
      // A .json file is JSON: a misspelt literal is a JSON fault at its place, not YAML's string "tru".
      [[malformedJson], '', /tru\.json:1:44: not valid JSON/],
      [['-'], '   ', /empty/],
      [['--protocol'], '', /needs a value/],
    ];
    for (const [argv, stdin, message] of cases) {
      const result = await run(argv, stdin);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
    }
    const waiting = await run([], '', { stdinTTY: true });
    expect(waiting.code).toBe(2);
  });

  it('says a bare JSON Schema is not what it reads, in one error, rather than a Tool missing its name and inputSchema', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-bare-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"type":"object","properties":{"a":{"type":"strng"}}}');
    for (const [argv, stdin] of [[[file, '--format', 'json'], ''], [['--format=json'], 'type: object\nproperties:\n  a: {type: strng}\n'], [['--format=json'], '{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "#/$defs/a", "$defs": {"a": {}}}'], [['--format=json'], '{"anyOf": [{"type": "string"}], "description": "d"}']] as const) {
      const result = await run([...argv], stdin);
      expect(result.code, stdin).toBe(1);
      const report = JSON.parse(result.stdout);
      expect(report.diagnostics).toHaveLength(1);
      expect(report.diagnostics[0]).toMatchObject({ code: 'mcp.tool.shape', severity: 'error', path: '' });
      expect(report.diagnostics[0].message).toMatch(/looks like a bare JSON Schema/);
      expect(report.diagnostics[0].message).toContain('{"name": "my_tool", "inputSchema": <this schema>}');
      expect(report.diagnostics[0].message).toContain('dialects convert');
    }
    const text = await run([file]);
    expect(text.stdout).toContain('lint checks MCP tools (a Tool, a list of tools, a tools/list result or an MCP Description document)');
    expect(text.stdout).not.toContain('non-empty string "name"');
    expect(text.stdout).not.toContain('mcp.tool.input-schema.present');
    // A bad --protocol is still refused first, whatever the input.
    expect((await run([file, '--protocol', '1999-01-01'])).code).toBe(2);
  });

  it('still reads every shape it accepts as before, a nameless Tool and an object with no schema keyword included', async () => {
    const schema = { type: 'object', properties: { a: { type: 'strng' } } };
    const found = async (input: unknown) => JSON.parse((await run(['--format=json'], JSON.stringify(input))).stdout).diagnostics as { code: string; path: string; message: string }[];
    const notBare = (ds: { message: string }[]) => ds.every((d) => !d.message.includes('bare JSON Schema'));
    for (const [input, at] of [
      [{ name: 't', inputSchema: schema }, '/inputSchema/properties/a/type'],
      [[{ name: 't', inputSchema: schema }], '/0/inputSchema/properties/a/type'],
      [{ tools: [{ name: 't', inputSchema: schema }] }, '/tools/0/inputSchema/properties/a/type'],
      [{ protocolVersions: ['2025-11-25'], tools: [{ name: 't', inputSchema: schema }] }, '/tools/0/inputSchema/properties/a/type'],
    ] as const) {
      const ds = await found(input);
      expect(ds.map((d) => `${d.code} ${d.path}`), JSON.stringify(input)).toEqual([`json-schema.tool-schema.valid ${at}`]);
    }
    // A Tool that lacks its name but has an inputSchema is a Tool with a fault, not a bare schema.
    const nameless = await found({ inputSchema: schema, type: 'object' });
    expect(nameless.some((d) => d.code === 'mcp.tool.shape' && /non-empty string "name"/.test(d.message))).toBe(true);
    expect(notBare(nameless)).toBe(true);
    // No schema keyword (a description is a Tool's field too): read as a Tool, as before.
    const described = await found({ description: 'd' });
    expect(described.map((d) => d.code)).toEqual(['mcp.tool.shape', 'mcp.tool.input-schema.present']);
    expect(notBare(await found({ name: 't', type: 'object' }))).toBe(true);
  });

  it('prints its help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: dialects lint');
  });
  it('refuses input over 10 MiB before parsing it, from a file or stdin, with exit 2 and the limit', async () => {
    const big = JSON.stringify({ name: 'big', inputSchema: { type: 'object', description: 'x'.repeat(11 * 1024 * 1024) } });
    const file = join(mkdtempSync(join(tmpdir(), 'dialects-lint-')), 'big.json');
    writeFileSync(file, big);
    const fromFile = await run([file]);
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toContain('the CLI reads at most 10 MiB (10485760 bytes)');
    const fromStdin = await run(['-'], big);
    expect(fromStdin.code).toBe(2);
    expect(fromStdin.stderr).toContain('the input is over 10485760 bytes');
  });

  it('reports a 100 000-deep input as one error at the depth bound, without line numbers it cannot afford', async () => {
    let deep = '{"type":"string"}';
    for (let i = 0; i < 100_000; i++) deep = `{"type":"array","items":${deep}}`;
    const result = await run(['-'], `{"name":"deep","inputSchema":{"type":"object","properties":{"x":${deep}}}}`);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('deeper than 256 levels');
    expect(result.stdout).toContain('1 error');
  });
});
