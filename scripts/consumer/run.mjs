#!/usr/bin/env node
// The consumer test: the packages as their users meet them. It packs the three packages, installs
// the tarballs into a fresh project outside the repository (the npm registry supplies the rest),
// and there runs every code block of the package READMEs (and the JS/TS blocks of the root README
// and docs/your-own-dialect.md), the installed CLI and demo bin, and the documented MCP server over
// stdio with the SDK's own Client, once with the newest SDK 1.x and once with the lowest the peer
// range admits. Counts go to consumer-summary.json for the closing line (scripts/test-summary.mjs).
// Usage: node scripts/consumer/run.mjs [--keep] (after `npm run build`)
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeBlocks, isNoRun } from './blocks.mjs';
import { assert, sh, Steps } from './steps.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const packages = ['dialects', 'cli', 'mcp'];
const rootPkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const mcpPkg = JSON.parse(readFileSync(join(repo, 'packages/mcp/package.json'), 'utf8'));
const sdkRange = mcpPkg.peerDependencies['@modelcontextprotocol/sdk'];
const lowestSdk = /\d+\.\d+\.\d+/.exec(sdkRange)?.[0];
const bundledIds = readdirSync(join(repo, 'dialects')).filter((f) => f.endsWith('.yaml')).map((f) => f.replace(/\.yaml$/, ''));

const work = mkdtempSync(join(tmpdir(), 'dialects-consumer-'));
const project = join(work, 'project');
const tarballs = join(work, 'tarballs');
mkdirSync(project);
mkdirSync(tarballs);
const steps = new Steps();
const npm = (args, options = {}) => sh('npm', ['--no-audit', '--no-fund', '--loglevel=error', ...args], { cwd: project, ...options });
const node = (args, options = {}) => sh(process.execPath, args, { cwd: project, ...options });
console.log(`consumer test in ${work}`);

const packed = {};
await steps.step('pack the three packages', () => {
  for (const p of packages) {
    const r = sh('npm', ['pack', '--json', '--pack-destination', tarballs], { cwd: join(repo, 'packages', p) });
    const [info] = JSON.parse(r.stdout);
    packed[p] = { file: join(tarballs, info.filename), files: info.files.map((f) => f.path).sort() };
    console.log(`       ${info.filename}: ${info.files.length} files, ${info.size} bytes packed`);
  }
  writeFileSync(join(work, 'tarball-files.json'), `${JSON.stringify(Object.fromEntries(Object.entries(packed).map(([k, v]) => [k, v.files])), null, 2)}\n`);
});

await steps.step('every tarball: LICENSE, README, package.json, dist; no source maps, no src/', () => {
  for (const [p, { files }] of Object.entries(packed)) {
    for (const f of ['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts']) assert(files.includes(f), `${p}: ${f} missing`);
    const bad = files.filter((f) => f.endsWith('.map') || f.startsWith('src/') || f.includes('/test/'));
    assert(bad.length === 0, `${p} ships ${bad.join(', ')}`);
  }
});

await steps.step('the engine tarball ships every bundled rule file and the editor schema', () => {
  const files = packed.dialects.files;
  const missing = [...bundledIds.map((id) => `dialects/${id}.yaml`), 'dialects/rule-file.schema.json'].filter((f) => !files.includes(f));
  assert(missing.length === 0, `missing from the engine tarball: ${missing.join(', ')}`);
});

// `dialects new` and the CLI README point at these pages; a user without the repository (or the
// network) reads them where the CLI is installed.
await steps.step('the CLI tarball ships the rule-format pages', () => {
  const missing = ['docs/rule-format.md', 'docs/your-own-dialect.md', 'docs/lint-rules.md'].filter((f) => !packed.cli.files.includes(f));
  assert(missing.length === 0, `missing from the CLI tarball: ${missing.join(', ')}`);
});

await steps.step('install the tarballs into an empty project (--engine-strict, newest SDK 1.x)', () => {
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`);
  const ts = rootPkg.devDependencies.typescript;
  const types = rootPkg.devDependencies['@types/node'];
  npm(['install', '--engine-strict', '--prefer-offline', ...packages.map((p) => packed[p].file), '@modelcontextprotocol/sdk@^1', `typescript@${ts}`, `@types/node@${types}`]);
});

await steps.step('one copy of the SDK in node_modules', () => oneSdk());

// TypeScript blocks are checked under both resolutions a consumer uses, strict, library types
// included, in one program per resolution; NodeNext also emits the JS that is then run.
const tsOptions = { strict: true, target: 'ES2022', types: ['node'], skipLibCheck: false };
const tsconfigs = {
  nodenext: { ...tsOptions, module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'out', rootDir: '.' },
  bundler: { ...tsOptions, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
};
const typecheck = (files) => {
  for (const [name, compilerOptions] of Object.entries(tsconfigs)) {
    const cfg = join(project, `tsconfig.${name}.json`);
    writeFileSync(cfg, JSON.stringify({ compilerOptions, files }, null, 2));
    sh(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', cfg], { cwd: project });
  }
};
const compiled = (file) => join(project, 'out', file.replace(/\.ts$/, '.js'));

const docs = [
  { file: 'packages/dialects/README.md', sh: true },
  { file: 'packages/cli/README.md', sh: true },
  // Its JavaScript blocks run, but are not type-checked: they read the SDK client's answers, which
  // the SDK types loosely for JavaScript (callTool's content is unknown without a cast).
  { file: 'packages/mcp/README.md', sh: true, checkJs: false },
  { file: 'README.md', sh: false }, // its sh blocks are the repository's own commands
  { file: 'docs/your-own-dialect.md', sh: true, optional: true },
];
// First every block is written where it goes, so a block may use a file a later marker names.
const runs = [];
const tsFiles = [];
const jsFiles = [];
let serverScript;
await steps.step('README code blocks written into the project', () => {
  for (const doc of docs) {
    const path = join(repo, doc.file);
    if (!existsSync(path)) {
      assert(doc.optional, `${doc.file} is missing`);
      continue;
    }
    const blocks = codeBlocks(readFileSync(path, 'utf8'));
    blocks.forEach((b, i) => {
      const where = `${doc.file}:${b.line}`;
      const expected = blocks[i + 1]?.lang === 'text' ? blocks[i + 1] : undefined;
      if (b.file) {
        mkdirSync(dirname(join(project, b.file)), { recursive: true });
        writeFileSync(join(project, b.file), b.text);
        if (b.lang === 'ts') tsFiles.push(b.file);
        // the MCP README's server: the file block that connects a transport
        if (doc.file === 'packages/mcp/README.md' && b.lang === 'ts' && b.text.includes('.connect(')) serverScript = compiled(b.file);
      } else if (b.lang === 'js' || b.lang === 'ts') {
        const name = `block-${doc.file.replace(/\W/g, '_')}-${b.line}.${b.lang === 'ts' ? 'ts' : 'mjs'}`;
        writeFileSync(join(project, name), b.text);
        if (b.lang === 'ts') tsFiles.push(name);
        else if (doc.checkJs !== false) jsFiles.push(name);
        if (!isNoRun(b)) runs.push({ where, kind: b.lang, script: b.lang === 'ts' ? compiled(name) : join(project, name), expected });
      } else if (b.lang === 'sh' && doc.sh && !isNoRun(b)) {
        runs.push({ where, kind: 'sh', text: b.text, expected });
      }
    });
  }
});

await steps.step(`README TypeScript blocks type-check (strict; NodeNext and Bundler): ${tsFiles.length} files`, () => typecheck(tsFiles));

// A JavaScript block is what a TypeScript user copies too: it type-checks against the packages'
// declarations (checkJs), untyped parameters aside, so a documented line such as
// `output.inputSchema` compiles where the declarations say what it is.
await steps.step(`README JavaScript blocks type-check (checkJs): ${jsFiles.length} files`, () => {
  const cfg = join(project, 'tsconfig.js.json');
  const compilerOptions = { ...tsOptions, module: 'NodeNext', moduleResolution: 'NodeNext', allowJs: true, checkJs: true, noImplicitAny: false, noEmit: true };
  writeFileSync(cfg, JSON.stringify({ compilerOptions, files: jsFiles }, null, 2));
  sh(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', cfg], { cwd: project });
});

for (const r of runs) {
  await steps.step(`${r.where}: ${r.kind} block runs${r.expected ? ' and prints what the README shows' : ''}`, () => {
    const out = r.kind === 'sh'
      ? sh('bash', ['-e', '-o', 'pipefail', '-c', r.text], { cwd: project, timeout: 120_000 })
      : node([r.script], { timeout: 60_000 });
    if (r.expected) assert(squash(out.stdout) === squash(r.expected.text), `printed:\n${out.stdout}\nthe README shows:\n${r.expected.text}`);
  });
}

function squash(text) {
  // the READMEs may show output compacted: compare without white space
  return text.replace(/\s+/g, '');
}

const bin = (name) => join(project, 'node_modules', '.bin', name);
const toolFile = join(project, 'consumer-tool.json');
writeFileSync(toolFile, readFileSync(join(repo, 'examples', 'tools.json')));

await steps.step('installed CLI: `npx dialects list` lists every bundled dialect, from any directory', () => {
  const r = sh('npx', ['--no-install', 'dialects', 'list'], { cwd: project });
  const missing = bundledIds.filter((id) => !r.stdout.includes(id));
  assert(missing.length === 0, `not listed: ${missing.join(', ')}\n${r.stdout}`);
  const elsewhere = sh(bin('dialects'), ['list', '--json'], { cwd: tmpdir() });
  const ids = JSON.parse(elsewhere.stdout).map((d) => d.id);
  assert(bundledIds.every((id) => ids.includes(id)), `from ${tmpdir()}: ${ids.join(', ')}`);
});

await steps.step('installed CLI: convert, explain, lint --format sarif and --version', () => {
  const converted = JSON.parse(sh(bin('dialects'), ['convert', '--dialect', 'openai_strict', toolFile], { cwd: project }).stdout);
  assert(Array.isArray(converted.tools) && converted.tools.length > 0, 'convert printed no tools');
  const schema = JSON.stringify({ type: 'object', properties: { day: { type: 'string', format: 'date' } } });
  const small = join(project, 'small.json');
  writeFileSync(small, schema);
  const explained = JSON.parse(sh(bin('dialects'), ['explain', '--dialect', 'gemini', small, '--json'], { cwd: project }).stdout);
  assert(Array.isArray(explained) && explained.length > 0, 'explain printed nothing');
  const sarif = JSON.parse(sh(bin('dialects'), ['lint', '--format', 'sarif', toolFile], { cwd: project }).stdout);
  assert(sarif.version === '2.1.0' && Array.isArray(sarif.runs), 'lint --format sarif is not SARIF 2.1.0');
  sh(bin('dialects'), ['convert', '--dialect', 'nope', small], { cwd: project, expectStatus: 2 });
  // The installed package's own version, read from its package.json beside dist/.
  const { version } = JSON.parse(readFileSync(join(repo, 'packages/cli/package.json'), 'utf8'));
  const printed = sh(bin('dialects'), ['--version'], { cwd: tmpdir() }).stdout;
  assert(printed === `dialects ${version}\n`, `dialects --version printed ${JSON.stringify(printed)}`);
});

await steps.step('installed CLI: `dialects test` passes the shipped cases; `--update` without a folder refuses to touch them', () => {
  const passed = sh(bin('dialects'), ['test'], { cwd: project });
  assert(/ 0 failed/.test(passed.stdout), `dialects test:\n${passed.stdout}`);
  const shipped = join(project, 'node_modules/@redouble/dialects-cli/cases');
  const before = sh('find', [shipped, '-type', 'f', '-newer', join(project, 'package.json')]).stdout;
  const refused = sh(bin('dialects'), ['test', '--update'], { cwd: project, expectStatus: 2 });
  assert(/--dialects-dir/.test(refused.stderr), `no hint at --dialects-dir: ${refused.stderr}`);
  // One's own cases against the bundled dialects: --cases DIR --update pins those, and only those.
  const own = join(project, 'own-cases', 'one-string');
  mkdirSync(own, { recursive: true });
  writeFileSync(join(own, 'input.json'), JSON.stringify({ type: 'object', properties: { s: { type: 'string', minLength: 1 } } }));
  writeFileSync(join(own, 'case.yaml'), 'description: "One string property."\n');
  sh(bin('dialects'), ['test', '--cases', 'own-cases', '--update'], { cwd: project });
  assert(existsSync(join(own, 'expected', 'canonical@2026-11.json')), 'dialects test --cases DIR --update wrote no pin');
  assert(/ 0 failed/.test(sh(bin('dialects'), ['test', '--cases', 'own-cases'], { cwd: project }).stdout), 'the own cases do not pass once pinned');
  const after = sh('find', [shipped, '-type', 'f', '-newer', join(project, 'package.json')]).stdout;
  assert(before === after, `files in the installed package changed:\n${after}`);
});

copyFileSync(join(here, 'stdio-client.mjs'), join(project, 'stdio-client.mjs'));
const listOverStdio = (server, call) => {
  const r = node(['stdio-client.mjs', server, 'canonical', 'openai_strict', ...(call ? [JSON.stringify(call)] : [])], { timeout: 90_000 });
  const seen = JSON.parse(r.stdout.trim().split('\n').pop());
  assert(seen.advertised?.accepted?.includes('openai_strict'), `the handshake does not advertise the dialects: ${JSON.stringify(seen.advertised)}`);
  const a = seen.lists.canonical;
  const b = seen.lists.openai_strict;
  assert(a.tools.length > 0 && a.tools.length === b.tools.length, 'tool counts differ between dialects');
  assert(/^openai_strict@/.test(b.answeredIn ?? ''), `answered in ${b.answeredIn}`);
  const closed = b.tools.every((t) => t.inputSchema.additionalProperties === false);
  assert(closed, 'openai_strict tools/list is not closed: not converted');
  return seen;
};

await steps.step('installed demo bin over stdio: tools in two dialects with the SDK Client', () => {
  const demo = join(project, 'node_modules/@redouble/dialects-mcp/bin/dialects-mcp-demo.js');
  const wrapper = join(project, 'demo-stdio.mjs');
  writeFileSync(wrapper, `process.argv.push('--stdio');\nawait import(${JSON.stringify(demo)});\n`);
  listOverStdio(wrapper);
});

const mcpExample = (label) =>
  steps.step(`the MCP README server over stdio (${label}): two dialects, and a call with openai_strict's explicit nulls`, () => {
    assert(serverScript, 'packages/mcp/README.md has no `<!-- file: ... -->` TypeScript server block');
    const seen = listOverStdio(serverScript, { tool: 'add', arguments: { a: 2, b: 3, note: null }, dialect: 'openai_strict' });
    assert(seen.call?.content?.[0]?.text === '5', `the call answered ${JSON.stringify(seen.call)}`);
  });
await mcpExample(`SDK ${installedSdk()}`);

await steps.step(`lowest SDK in the peer range (${sdkRange}): ${lowestSdk} installs with one copy`, () => {
  assert(lowestSdk, `no version in the peer range ${sdkRange}`);
  npm(['install', '--engine-strict', '--prefer-offline', `@modelcontextprotocol/sdk@${lowestSdk}`]);
  assert(installedSdk() === lowestSdk, `installed ${installedSdk()}`);
  oneSdk();
  rmSync(join(project, 'out'), { recursive: true, force: true });
  typecheck(tsFiles);
});
await mcpExample(`SDK ${lowestSdk}`);

steps.write(join(repo, 'consumer-summary.json'));
console.log(`consumer test: ${steps.passed} passed, ${steps.failed} failed${steps.failed ? `: ${steps.failures.join('; ')}` : ''}`);
if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
process.exit(steps.failed ? 1 : 0);

function installedSdk() {
  return JSON.parse(readFileSync(join(project, 'node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8')).version;
}

function oneSdk() {
  const r = sh('npm', ['ls', '@modelcontextprotocol/sdk', '--all', '--parseable'], { cwd: project });
  const copies = r.stdout.trim().split('\n').filter(Boolean);
  assert(copies.length === 1, `copies of the SDK:\n${copies.join('\n')}`);
}
