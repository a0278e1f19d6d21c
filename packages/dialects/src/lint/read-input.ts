/**
 * Recognises what was handed to the linter (a Tool, a list of tools, a tools/list result, an MCP
 * Description document) and lists its tools with the protocol revisions each is checked for.
 */
import { join } from '../json-pointer.js';
import { componentDeref, noComponents, type Deref } from './component-refs.js';
import { DEFAULT_SCOPE, isKnownRevision, KNOWN_REVISIONS } from './protocol.js';
import { RULE } from './rule-catalog.js';
import type { Reporter, ToolEntry } from './types.js';
import { isRecord } from './is-record.js';
import { namesSchemaKeyword } from '../convert/keywords.js';

export interface ReadInput {
  tools: ToolEntry[];
  deref: Deref;
}

/** Where each tool sits in the input and its name; used to group output by tool. */
export function toolLocations(input: unknown): { path: string; name: string | undefined }[] {
  const at = (value: unknown, path: string) => ({ path, name: isRecord(value) && typeof value.name === 'string' ? value.name : undefined });
  if (Array.isArray(input)) return input.map((t, i) => at(t, `/${i}`));
  if (isRecord(input) && 'tools' in input) return Array.isArray(input.tools) ? input.tools.map((t, i) => at(t, `/tools/${i}`)) : [];
  return isRecord(input) && !looksLikeBareSchema(input) ? [at(input, '')] : [];
}

/** Reads a `protocolVersions` list: known revisions are kept, others are reported and left out. */
function readVersions(value: unknown, path: string, reporter: Reporter): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) {
    reporter.report(RULE.protocolVersion, 'error', 'protocolVersions must be a non-empty list of protocol revisions.', path);
    reporter.incomplete();
    return [];
  }
  const known: string[] = [];
  value.forEach((v, i) => {
    if (isKnownRevision(v)) known.push(v);
    else {
      reporter.report(
        RULE.protocolVersion,
        'warning',
        `Protocol revision ${JSON.stringify(v)} is not one this linter knows (${KNOWN_REVISIONS.join(', ')}); nothing is checked for it.`,
        join(path, i),
      );
      reporter.incomplete();
    }
  });
  return [...new Set(known)].sort();
}

/** Fields of what lint reads (a Tool, a tools/list result, a Description); an object with one is never a bare schema. */
const LINTED_FIELDS: readonly string[] = ['name', 'inputSchema', 'outputSchema', 'tools'];

/**
 * An object with none of those fields and at least one schema keyword (namesSchemaKeyword, as
 * convert tells a schema). title, description and examples are no sign: a Tool has them too.
 */
function looksLikeBareSchema(input: Record<string, unknown>): boolean {
  return !LINTED_FIELDS.some((f) => Object.hasOwn(input, f)) && namesSchemaKeyword(input);
}

export function readInput(input: unknown, optionScope: string[] | undefined, reporter: Reporter): ReadInput {
  const fallback = optionScope ?? [...DEFAULT_SCOPE];
  let elements: { value: unknown; path: string }[];
  let rootScope = fallback;
  let deref: Deref = noComponents;
  let inDescription = false;

  if (Array.isArray(input)) {
    elements = input.map((value, i) => ({ value, path: `/${i}` }));
  } else if (isRecord(input) && 'tools' in input) {
    if (!Array.isArray(input.tools)) {
      reporter.report(RULE.toolShape, 'error', '"tools" must be a list of tools.', '/tools');
      return { tools: [], deref };
    }
    elements = input.tools.map((value, i) => ({ value, path: `/tools/${i}` }));
    const isDescription = 'protocolVersions' in input || 'mcpdesc' in input || 'components' in input;
    if (isDescription) {
      inDescription = true;
      rootScope = readVersions(input.protocolVersions, '/protocolVersions', reporter) ?? fallback;
      deref = componentDeref(input, reporter);
    }
  } else if (isRecord(input) && looksLikeBareSchema(input)) {
    // convert and explain take a bare schema; read here as a Tool, it would be told it lacks a
    // name and an inputSchema, faults that are not there. One finding says what lint reads.
    reporter.report(
      RULE.toolShape,
      'error',
      'lint checks MCP tools (a Tool, a list of tools, a tools/list result or an MCP Description document), and this looks like a bare JSON Schema. ' +
        'To lint it, wrap it as {"name": "my_tool", "inputSchema": <this schema>}; to check the schema alone, convert it (dialects convert --dialect NAME FILE), which reads a bare schema and reports what is invalid in it.',
      '',
    );
    return { tools: [], deref };
  } else if (isRecord(input)) {
    elements = [{ value: input, path: '' }];
  } else {
    reporter.report(
      RULE.toolShape,
      'error',
      'Expected an MCP Tool, a list of tools, a tools/list result or an MCP Description document.',
      '',
    );
    return { tools: [], deref };
  }

  const tools: ToolEntry[] = [];
  for (const { value, path } of elements) {
    if (!isRecord(value)) {
      reporter.report(RULE.toolShape, 'error', 'A tool must be a JSON object.', path);
      continue;
    }
    if (typeof value.name !== 'string' || value.name === '') {
      reporter.report(RULE.toolShape, 'error', 'A tool must have a non-empty string "name".', 'name' in value ? join(path, 'name') : path);
    }
    const scope = readVersions(value.protocolVersions, join(path, 'protocolVersions'), reporter) ?? rootScope;
    const field = (key: string) => (key in value ? deref(value[key], join(path, key)) : undefined);
    tools.push({
      path,
      name: typeof value.name === 'string' ? value.name : undefined,
      tool: value,
      inDescription,
      scope,
      inputSchema: field('inputSchema'),
      outputSchema: field('outputSchema'),
    });
  }
  return { tools, deref };
}
