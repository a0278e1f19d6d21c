/**
 * Violations -> the one paragraph an MCP server returns with `isError: true`, and -> the project's
 * one Diagnostic shape.
 *
 * How a Violation relates to a Diagnostic: the same finding, two audiences. A Violation keeps the
 * parts a model or a tool author acts on separately (`rule`, `value`, `keyword`); its Diagnostic is
 * `{code: 'judge.arguments.<keyword>' | 'judge.result.<keyword>', severity: 'error',
 * message: '<rule> (got <value>)', path}` with the same pointer, so judge findings can be listed,
 * sorted and printed with every other diagnostic of the project.
 */
import type { Diagnostic } from '../diagnostics.js';
import type { Violation } from './types.js';
import { MAX_VIOLATIONS } from './violations.js';

/** How many violations the paragraph spells out; the rest are counted. */
const SHOWN = 10;

function where(path: string, subject: string): string {
  return path === '' ? `The ${subject}` : path;
}

function sentence(v: Violation, subject: string): string {
  const got = v.value !== undefined && v.keyword !== 'required' ? ` (got ${v.value})` : '';
  return `${where(v.path, subject)} ${v.rule}${got}`;
}

export function renderText(violations: readonly Violation[], fault: 'caller' | 'server', toolName?: string, subject: 'arguments' | 'result' = fault === 'caller' ? 'arguments' : 'result'): string {
  const tool = toolName ? ` of tool "${toolName}"` : '';
  const head =
    fault === 'caller'
      ? `The arguments${tool} were not accepted`
      : subject === 'arguments'
        ? `The arguments${tool} could not be judged; this is a fault of the server, not of the call`
        : `The result${tool} does not match the tool's output schema; this is a fault of the server, not of the call`;
  // A list cut at its limit (violations.ts) may stand for more problems than it holds: the count says so.
  const atLeast = violations.length >= MAX_VIOLATIONS ? 'at least ' : '';
  const count = violations.length === 1 ? '1 problem' : `${atLeast}${violations.length} problems`;
  const listed = violations.slice(0, SHOWN).map((v) => sentence(v, subject));
  const more = violations.length > SHOWN ? `; and ${atLeast}${violations.length - SHOWN} more` : '';
  const tail = fault === 'caller' ? ' Correct these and call the tool again.' : '';
  return `${head} (${count}): ${listed.join('; ')}${more}.${tail}`;
}

/** `subject`: what was judged, the call's arguments or the tool's result. */
export function violationsToDiagnostics(violations: readonly Violation[], subject: 'arguments' | 'result'): Diagnostic[] {
  return violations.map((v) => ({
    code: `judge.${subject}.${v.keyword}`,
    severity: 'error' as const,
    message: v.value !== undefined && v.keyword !== 'required' ? `${v.rule} (got ${v.value})` : v.rule,
    path: v.path,
  }));
}
