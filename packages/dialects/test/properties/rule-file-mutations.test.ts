// The bundled rule files and sentence files, broken at random (a value swapped for a YAML oddity:
// .inf, an alias, an anchor around its alias, a tag, a huge string; a line deleted, doubled, moved
// or re-indented): the loader either accepts the file or refuses it with
// DialectError('rule-file-invalid') at file:line:column, and a file it accepts loads into a
// registry (or is refused the same way) and converts schemas, its sentences rendered, without
// throwing. Never a stack overflow, a TypeError or an internal error.
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledDialectsDir, convert, DialectError, loadDialects, parseRuleFile } from '@redouble/dialects';
import { runs } from './fixtures.js';

const dir = bundledDialectsDir();
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));

/** What a value may become: YAML that is not JSON data, YAML that is, and odd but plain values. */
const ODDITIES = ['.inf', '-.inf', '.nan', '1e400', '~', '[]', '{}', '-1', '0', '"x"', 'yes', '&a x', '*a', '[*a]', '&a { b: *a }', '&a [ *a ]', '!!binary aGVsbG8=', '!custom x', `"${'x'.repeat(5000)}"`, '"\\u0000"', '|', '? x'];

/** What a quoted sentence or vocabulary string may become: placeholders broken, unknown, doubled. */
const TEMPLATES = ['"{"', '"}"', '"{minimum"', '"{nope}"', '"{minimum:nope}"', '"{patternProperties:key:value}"', '""', '"{{minimum}}"', '"{minimum}{minimum}"', '"{:}"', '"{values} {names} {name} {value}"', `"${'{minimum} '.repeat(500)}"`];

type Mutation =
  | { kind: 'value'; line: number; to: string }
  | { kind: 'template'; nth: number; to: string }
  | { kind: 'delete'; line: number }
  | { kind: 'double'; line: number }
  | { kind: 'move'; line: number; to: number }
  | { kind: 'indent'; line: number; by: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('value' as const), line: fc.nat(), to: fc.constantFrom(...ODDITIES) }),
  fc.record({ kind: fc.constant('delete' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('double' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), line: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('indent' as const), line: fc.nat(), by: fc.constantFrom(-2, 2) }),
);
/** For sentence files: the edits above, and as often a quoted string's placeholders broken. */
const sentenceMutation: fc.Arbitrary<Mutation> = fc.oneof(mutation, fc.record({ kind: fc.constant('template' as const), nth: fc.nat(), to: fc.constantFrom(...TEMPLATES) }));

function mutate(text: string, mutations: readonly Mutation[]): string {
  const lines = text.split('\n');
  for (const m of mutations) {
    if (m.kind === 'template') {
      const quoted = lines.flatMap((l, i) => (/^\s*(- )?[\w"]+: "/.test(l) ? [i] : []));
      if (quoted.length === 0) continue;
      const i = quoted[m.nth % quoted.length] as number;
      const line = lines[i] as string;
      lines[i] = `${line.slice(0, line.indexOf(': "') + 2)}${m.to}`;
      continue;
    }
    const i = m.line % lines.length;
    const line = lines[i] as string;
    if (m.kind === 'value') {
      const colon = line.indexOf(': ');
      const dash = line.match(/^(\s*- )/);
      lines[i] = colon >= 0 ? `${line.slice(0, colon + 2)}${m.to}` : dash ? `${dash[1]}${m.to}` : `${line} ${m.to}`;
    } else if (m.kind === 'delete') lines.splice(i, 1);
    else if (m.kind === 'double') lines.splice(i, 0, line);
    else if (m.kind === 'move') lines.splice(m.to % lines.length, 0, ...lines.splice(i, 1));
    else lines[i] = m.by > 0 ? `  ${line}` : line.replace(/^ {1,2}/, '');
  }
  return lines.join('\n');
}

/** The file under a name of its own, so it loads beside the bundled file it was made from. */
function renamed(text: string): string {
  return text.replace(/^dialect: .*$/m, 'dialect: mutant');
}

const sentenceDir = join(dir, 'sentences');
const sentenceFiles = readdirSync(sentenceDir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => ({ name: f, text: readFileSync(join(sentenceDir, f), 'utf8') }));
/** A bundled rule file that names a sentence file, to be pointed at the mutant one. */
const SENTENCE_USER = files.find((f) => /^sentences: /m.test(f.text)) as { name: string; text: string };

const SCHEMAS: unknown[] = [
  { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 9 }, s: { type: 'string', format: 'date' } }, required: ['n'] },
  { type: 'object', properties: { any: {}, list: { type: 'array', items: { $ref: '#/$defs/Node' } } }, $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } } },
  { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] }, patternProperties: { '^x': { const: 1 } } },
  // Keywords the strict dialects stop spelling, so their sentences are rendered.
  {
    type: 'object',
    properties: {
      zip: { type: 'string', minLength: 5, maxLength: 10, pattern: '^[0-9]+$', format: 'postal' },
      tags: { type: 'array', prefixItems: [{ type: 'string' }], minItems: 2, uniqueItems: true, contains: { const: 'a' } },
      amount: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.01, not: { const: 13 } },
    },
    dependentRequired: { zip: ['amount'] },
    if: { properties: { amount: { const: 1 } } },
    then: { required: ['tags'] },
    propertyNames: { pattern: '^[a-z]+$' },
  },
];

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A refusal: rule-file-invalid, with every problem at `file:line:column` of a file `at` matches. */
function expectRefusal(err: unknown, at: RegExp): void {
  if (!(err instanceof DialectError)) throw err;
  expect(err.code).toBe('rule-file-invalid');
  expect(err.diagnostics.length).toBeGreaterThan(0);
  for (const d of err.diagnostics) expect(d.path, d.message).toMatch(at);
}

/** The folder's dialect `id` loads beside the bundled ones and converts every schema, or is refused. */
function loadsAndConverts(folder: string, id: string, at: RegExp): void {
  let dialect;
  try {
    dialect = loadDialects({ dirs: [folder] }).get(id);
  } catch (err) {
    expectRefusal(err, at);
    return;
  }
  for (const schema of SCHEMAS) {
    const result = convert(schema, dialect);
    if (result.output === undefined) expect(result.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  }
}

/** Runs `body` with a maker of fresh folders under one temporary folder, removed afterwards. */
function withFolders(prefix: string, body: (fresh: () => string) => void): void {
  const work = mkdtempSync(join(tmpdir(), prefix));
  let round = 0;
  const fresh = (): string => {
    const folder = join(work, String(round++));
    mkdirSync(join(folder, 'sentences'), { recursive: true });
    return folder;
  };
  try {
    body(fresh);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

describe('rule files broken at random', () => {
  it('are accepted or refused at file:line:column, and an accepted one loads and converts without throwing', () => {
    withFolders('rule-mutants-', (fresh) =>
      fc.assert(
        fc.property(fc.constantFrom(...files), fc.array(mutation, { minLength: 1, maxLength: 3 }), (source, mutations) => {
          const text = mutate(renamed(source.text), mutations);
          const file = `mutant@${source.name.split('@')[1]}`;
          const at = new RegExp(`${escaped(file)}:\\d+:\\d+$`);
          try {
            parseRuleFile(text, file);
          } catch (err) {
            expectRefusal(err, at);
            return;
          }
          // Accepted: it must load as a dialect of a registry, beside the files it may extend.
          const folder = fresh();
          writeFileSync(join(folder, file), text);
          loadsAndConverts(folder, file.replace(/\.yaml$/, ''), at);
        }),
        runs(300),
      ),
    );
  });

  it('sentence files broken at random are refused at file:line:column or load, and their sentences render without throwing', () => {
    withFolders('sentence-mutants-', (fresh) =>
      fc.assert(
        fc.property(fc.constantFrom(...sentenceFiles), fc.array(sentenceMutation, { minLength: 1, maxLength: 3 }), (source, mutations) => {
          const version = source.name.replace(/^.*@|\.yaml$/g, '');
          const folder = fresh();
          writeFileSync(join(folder, 'sentences', `mutant@${version}.yaml`), mutate(source.text.replace(/^sentences: .*$/m, 'sentences: mutant'), mutations));
          const ruleFile = `mutant@${SENTENCE_USER.name.split('@')[1]}`;
          writeFileSync(join(folder, ruleFile), renamed(SENTENCE_USER.text).replace(/^sentences: .*$/m, `sentences: mutant@${version}`));
          loadsAndConverts(folder, ruleFile.replace(/\.yaml$/, ''), /mutant@[^/]*\.yaml:\d+:\d+$/);
        }),
        runs(200),
      ),
    );
  });
});
