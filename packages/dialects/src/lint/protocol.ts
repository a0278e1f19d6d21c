/**
 * MCP protocol revisions the linter knows, and the questions the rules ask about a set of them.
 * Revisions are ISO dates, so string order is time order.
 */
import { DialectError } from '../diagnostics.js';

export const KNOWN_REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;

/** The first revision that names an embedded JSON Schema dialect (2020-12 by default). */
export const FIRST_DIALECT_REVISION = '2025-11-25';
/** The first revision with `outputSchema` and `structuredContent`. */
export const FIRST_OUTPUT_SCHEMA_REVISION = '2025-06-18';
/** The first revision whose `outputSchema` may have any root. */
export const FIRST_ANY_OUTPUT_ROOT_REVISION = '2026-07-28';

/** The first revision that says what a tool name should be (SEP-986). */
export const FIRST_TOOL_NAME_REVISION = '2025-11-25';

/**
 * A tool that states no revision is checked for every revision with an embedded dialect: that is
 * what a server registering it today must satisfy, and where the brief's schema law applies.
 */
export const DEFAULT_SCOPE: readonly string[] = ['2025-11-25', '2026-07-28'];

export function isKnownRevision(value: unknown): value is string {
  return typeof value === 'string' && (KNOWN_REVISIONS as readonly string[]).includes(value);
}

export const dialectRevisions = (scope: readonly string[]): string[] => scope.filter((r) => r >= FIRST_DIALECT_REVISION);
export const legacyRevisions = (scope: readonly string[]): string[] => scope.filter((r) => r < FIRST_DIALECT_REVISION);
export const revisionsWithToolNames = (scope: readonly string[]): string[] => scope.filter((r) => r >= FIRST_TOOL_NAME_REVISION);
export const revisionsWithoutOutputSchema = (scope: readonly string[]): string[] =>
  scope.filter((r) => r < FIRST_OUTPUT_SCHEMA_REVISION);
export const revisionsWithObjectOutputRoot = (scope: readonly string[]): string[] =>
  scope.filter((r) => r >= FIRST_OUTPUT_SCHEMA_REVISION && r < FIRST_ANY_OUTPUT_ROOT_REVISION);

/** Reads `options.protocol`: one revision or a comma-separated list. A wrong value is a caller fault. */
export function parseProtocolOption(protocol: unknown): string[] | undefined {
  if (protocol === undefined) return undefined;
  if (typeof protocol !== 'string' || protocol.trim() === '') {
    throw new DialectError('invalid-option', `The protocol option must be a revision such as ${KNOWN_REVISIONS.at(-1)}.`);
  }
  const list = protocol.split(',').map((s) => s.trim());
  const unknown = list.filter((r) => !isKnownRevision(r));
  if (unknown.length > 0) {
    throw new DialectError(
      'invalid-option',
      `Unknown protocol revision ${unknown.map((r) => JSON.stringify(r)).join(', ')}; known revisions: ${KNOWN_REVISIONS.join(', ')}.`,
    );
  }
  return [...new Set(list)].sort();
}

export function listRevisions(revisions: readonly string[]): string {
  return revisions.join(', ');
}
