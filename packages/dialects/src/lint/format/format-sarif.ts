/**
 * SARIF 2.1.0 for code-scanning tools. Every rule of the catalog is listed so ruleIndex is
 * stable; each result carries the JSON pointer as a logical location and, when the source text
 * is known, a line and column.
 */
import type { Severity } from '../../diagnostics.js';
import { LINT_RULES } from '../rule-catalog.js';
import type { LintResult } from '../types.js';
import type { Locate } from './source-location.js';

export interface SarifFormatOptions {
  /** The artifact's URI as the scanner should show it (a relative path, say). */
  uri?: string;
  locate?: Locate;
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };
const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

export function formatLintSarif(result: LintResult, options: SarifFormatOptions = {}): string {
  const index = new Map(LINT_RULES.map((r, i) => [r.id, i]));
  const uri = options.uri ?? 'stdin';
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'dialects-lint',
            rules: LINT_RULES.map((r) => ({
              id: r.id,
              shortDescription: { text: r.summary },
              fullDescription: { text: `${r.summary} Applies to: ${r.applies}.` },
              defaultConfiguration: { level: LEVEL[r.severities[0] ?? 'error'] },
              properties: { requirement: r.level, applies: r.applies },
            })),
          },
        },
        artifacts: [{ location: { uri } }],
        invocations: [{ executionSuccessful: true, properties: { complete: result.complete } }],
        results: result.diagnostics.map((d) => {
          const position = options.locate?.(d.path);
          return {
            ruleId: d.code,
            ...(index.has(d.code) ? { ruleIndex: index.get(d.code) } : {}),
            level: LEVEL[d.severity],
            message: { text: d.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri, index: 0 },
                  ...(position ? { region: { startLine: position.line, startColumn: position.column } } : {}),
                },
                logicalLocations: [{ fullyQualifiedName: d.path === '' ? '/' : d.path, kind: 'member' }],
              },
            ],
          };
        }),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
