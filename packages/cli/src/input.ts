import { readFile } from 'node:fs/promises';
import type { Diagnostic } from '@redouble/dialects/core';
import { duplicateKeyWarnings, lineColumn } from './duplicate-keys.js';
import { readAll, type Io } from './io.js';
import { inputError, usageError } from './errors.js';

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
  let text: string;
  let label: string;
  if (file === undefined || file === '-') {
    if (file === undefined && io.isTTY) throw usageError('no input: give a FILE, or pipe JSON or YAML into stdin (use - to read a terminal)');
    label = '<stdin>';
    text = await readAll(io.stdin);
  } else {
    label = file;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      throw inputError(file, `cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw inputError(label, 'the input is empty');
  const value = await parseText(text, label);
  return { label, value, warnings: isYaml(text, label) ? [] : duplicateKeyWarnings(text, label) };
}

function isYaml(text: string, label: string): boolean {
  const lower = label.toLowerCase();
  return lower.endsWith('.yaml') || lower.endsWith('.yml') || (!lower.endsWith('.json') && !/^\s*[{[]/.test(text));
}

export async function parseText(text: string, label: string): Promise<unknown> {
  return isYaml(text, label) ? parseYamlText(text, label) : parseJsonText(text, label);
}

function parseJsonText(text: string, label: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = /at position (\d+)/.exec(message);
    if (!at) throw inputError(label, `not valid JSON: ${message}`);
    const { line, column } = lineColumn(text, Number(at[1]));
    throw inputError(`${label}:${line}:${column}`, `not valid JSON: ${message.replace(/\s*\(line \d+ column \d+\)/, '')}`);
  }
}

/** The YAML parser is imported only for YAML input: JSON input, the common case, never pays for it. */
async function parseYamlText(text: string, label: string): Promise<unknown> {
  const { parse: parseYaml, YAMLError } = await import('yaml');
  try {
    // Aliases are capped by the library, so a "billion laughs" document is refused, not expanded.
    return parseYaml(text, { prettyErrors: false }) as unknown;
  } catch (e) {
    if (e instanceof YAMLError) {
      const { line, column } = lineColumn(text, e.pos[0]);
      throw inputError(`${label}:${line}:${column}`, `not valid YAML: ${e.message.split('\n')[0]}`);
    }
    throw inputError(label, `not valid YAML: ${e instanceof Error ? e.message : String(e)}`);
  }
}
