import { jsonErrorOffset } from './json-error-offset.js';
import { readFile, stat } from 'node:fs/promises';
import { decodeUtf8, DialectError, escapeToken, nameYamlKeys, yamlValue, type Diagnostic } from '@redouble/dialects/core';
import { jsonTextWarnings, lineColumn, roundedWarnings, scanJsonText, type RoundedNumber } from './json-text-warnings.js';
import { InputTooLarge, readAll, type Io } from './io.js';
import { inputError, unreadableReason, usageError } from './errors.js';

/**
 * The largest input any command reads (convert, explain, lint). The whole 881-tool corpus is 4 MB.
 * Checked before parsing: a file by its size, stdin as it streams.
 */
export const MAX_INPUT_BYTES = 10 * 1024 * 1024;

/**
 * The most JSON values a JSON input may hold, counted in its text before parsing: parsed, a value
 * takes some 100 bytes (10 MiB of `{}` took 400 MB to parse and 740 MB to convert), and every
 * command refuses far fewer anyway (convert and lint stop at 100 000 schema nodes or values).
 */
export const MAX_INPUT_VALUES = 1_000_000;

export interface LoadedInput {
  /** How messages name the input: the path as given, or `<stdin>`. */
  label: string;
  value: unknown;
  /** What the parsed value cannot show: a repeated JSON key (the last value wins). */
  warnings: Diagnostic[];
}

/**
 * Reads FILE, or stdin for `-` or no file. JSON or YAML: the extension decides, and without one
 * the first character does (JSON text always starts with `{` or `[` for the shapes we accept).
 */
export async function readInput(file: string | undefined, io: Io): Promise<LoadedInput> {
  const { label, text } = await readInputText(file, io);
  const warnings = inputTextWarnings(text, label);
  const value = await parseText(text, label, warnings);
  return { label, value, warnings };
}

/**
 * What the parsed input no longer says of its text (JSON: repeated keys, rounded integers), as
 * warnings at label:line:column. JSON text holding more than MAX_INPUT_VALUES values is refused
 * here, before JSON.parse builds them.
 */
export function inputTextWarnings(text: string, label: string): Diagnostic[] {
  if (isYaml(text, label)) return [];
  const facts = scanJsonText(text);
  if (facts.values > MAX_INPUT_VALUES) throw inputError(label, `the input holds ${facts.values} JSON values; the CLI reads at most ${MAX_INPUT_VALUES}, and no command accepts a schema a tenth that size`);
  return jsonTextWarnings(text, label, facts);
}

/**
 * The input's text (FILE, or stdin for `-` or no file), without a byte-order mark; refuses an
 * unreadable, empty, oversized or non-UTF-8 input with a DialectError naming it (exit 2).
 */
export async function readInputText(
  file: string | undefined,
  io: Pick<Io, 'stdin' | 'isTTY'>,
): Promise<{ label: string; text: string }> {
  const fromStdin = file === undefined || file === '-';
  if (file === undefined && io.isTTY) throw usageError('no input: give a FILE, or pipe JSON or YAML into stdin (use - to read a terminal)');
  const label = fromStdin ? '<stdin>' : file;
  let bytes: Uint8Array;
  try {
    if (fromStdin) {
      bytes = await readAll(io.stdin, MAX_INPUT_BYTES);
    } else {
      const { size } = await stat(file);
      if (size > MAX_INPUT_BYTES) throw new InputTooLarge(`the input is ${size} bytes`);
      bytes = await readFile(file);
    }
  } catch (e) {
    if (e instanceof InputTooLarge) throw inputError(label, `${e.message}; the CLI reads at most 10 MiB (${MAX_INPUT_BYTES} bytes)`);
    throw inputError(label, unreadableReason(e, fromStdin ? 'input' : 'file'));
  }
  let text = decodeInput(bytes, label);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw inputError(label, 'the input is empty');
  return { label, text };
}

/** The input's bytes as text; bytes that are not UTF-8 are refused at `label:line:column`, never replaced. */
export function decodeInput(bytes: Uint8Array, label: string): string {
  const read = decodeUtf8(bytes);
  if (read.ok) return read.text;
  throw inputError(`${label}:${read.line}:${read.column}`, `${read.message}; the input must be UTF-8 text`);
}

function isYaml(text: string, label: string): boolean {
  const lower = label.toLowerCase();
  return lower.endsWith('.yaml') || lower.endsWith('.yml') || (!lower.endsWith('.json') && !/^\s*[{[]/.test(text));
}

/** The value of JSON or YAML text; what YAML's reading of it rounds is added to `warnings`. */
export async function parseText(text: string, label: string, warnings: Diagnostic[] = []): Promise<unknown> {
  return isYaml(text, label) ? parseYamlText(text, label, warnings) : parseJsonText(text, label);
}

function parseJsonText(text: string, label: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const { where, message } = jsonFault(text, label, e);
    throw inputError(where, message);
  }
}

/** Where JSON.parse failed in `text` (label:line:column when the engine names a position) and why. */
export function jsonFault(text: string, label: string, error: unknown): { where: string; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  const at = /at position (\d+)/.exec(message);
  // V8 names no position for some faults (a misspelt literal), and quotes a snippet over several lines instead.
  const offset = at ? Number(at[1]) : jsonErrorOffset(text);
  const said = at ? message.replace(/\s*\(line \d+ column \d+\)/, '') : message.replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, '').replace(/\s+/g, ' ');
  if (offset === undefined) return { where: label, message: `not valid JSON: ${said}` };
  const { line, column } = lineColumn(text, offset);
  return { where: `${label}:${line}:${column}`, message: `not valid JSON: ${said}` };
}

/** The YAML parser is imported only for YAML input: JSON input, the common case, never pays for it. */
async function parseYamlText(text: string, label: string, warnings: Diagnostic[]): Promise<unknown> {
  const yaml = await import('yaml');
  const { parseDocument, YAMLError } = yaml;
  try {
    // uniqueKeys off: the library's own check is quadratic in a map's size (40,000 keys took 15 s);
    // nameYamlKeys finds a name written twice in one pass, by the name JSON will have. merge: a
    // `<<: *base` key merges, as its author means, rather than becoming a property named "<<".
    const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false, merge: true });
    if (doc.errors.length > 0) throw doc.errors[0];
    const odd = nameYamlKeys(yaml, doc, (offset) => lineColumn(text, offset));
    if (odd) throw inputError(`${label}:${odd.line}:${odd.column}`, odd.message);
    // Aliases are capped, so a "billion laughs" document is refused, not expanded.
    const read = yamlValue(yaml, doc, (offset) => lineColumn(text, offset));
    if ('problem' in read) throw inputError(`${label}:${read.problem.line}:${read.problem.column}`, read.problem.message);
    warnings.push(...roundedYamlIntegers(yaml, doc, text, label));
    return read.value;
  } catch (e) {
    if (e instanceof DialectError) throw e;
    if (e instanceof YAMLError) {
      const { line, column } = lineColumn(text, e.pos[0]);
      // The library catches a stack overflow while it builds a collection and reports it under this
      // code (nothing else throws there with the default schema), at the collection it was building.
      if (e.code === 'RESOURCE_EXHAUSTION') throw tooDeepToRead(label, ` near ${line}:${column}`);
      // The library's own advice here names its API; the user needs to know what to change.
      if (e.code === 'MULTIPLE_DOCS') throw inputError(`${label}:${line}:${column}`, 'not one YAML document: a second one starts here (after ---); give one schema, Tool or tools/list result per file');
      throw inputError(`${label}:${line}:${column}`, `not valid YAML: ${e.message.split('\n')[0]}`);
    }
    // An overflow outside that guard (turning the document into values) arrives as it is, with no place.
    if (e instanceof RangeError && e.message.includes('call stack')) throw tooDeepToRead(label, '');
    throw inputError(label, `not valid YAML: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Deep nesting is no syntax error: the message says what stopped the reading, so nobody hunts for a typo. */
function tooDeepToRead(label: string, near: string): DialectError {
  return inputError(label, `nesting too deep to read (the YAML parser ran out of stack${near}); flatten the input`);
}

/**
 * Integers written past 2^53 in YAML, which the reader turns into the nearest double, as JSON.parse
 * does: warned at their line and column, as jsonTextWarnings warns of them in JSON.
 */
function roundedYamlIntegers(yaml: typeof import('yaml'), doc: import('yaml').Document, text: string, label: string): Diagnostic[] {
  const found: RoundedNumber[] = [];
  yaml.visit(doc, {
    Scalar(key, node, path) {
      if (key === 'key' || typeof node.value !== 'number' || !Number.isInteger(node.value) || typeof node.source !== 'string') return;
      const literal = node.source.replace(/_/g, '');
      if (!/^[-+]?\d{16,}$/.test(literal) || BigInt(literal) === BigInt(node.value)) return;
      const chain = [...path, node];
      const tokens: string[] = [];
      for (let i = 0; i < chain.length - 1; i++) {
        const at = chain[i];
        if (yaml.isPair(at)) tokens.push(String(yaml.isScalar(at.key) ? at.key.value : at.key));
        else if (yaml.isSeq(at)) tokens.push(String(at.items.indexOf(chain[i + 1] as never)));
      }
      found.push({ literal, read: String(node.value), pointer: tokens.map((t) => `/${escapeToken(t)}`).join(''), offset: node.range?.[0] ?? 0 });
    },
  });
  return roundedWarnings(found, label, (offset) => lineColumn(text, offset));
}
