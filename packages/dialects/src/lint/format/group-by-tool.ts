/** Groups diagnostics under the tool whose part of the input they point into. */
import type { Diagnostic } from '../../diagnostics.js';
import { toolLocations } from '../read-input.js';

export interface DiagnosticGroup {
  /** "Tool "search" (/tools/0)", or "Document" for paths outside any tool. */
  title: string;
  isTool: boolean;
  diagnostics: Diagnostic[];
}

export function groupByTool(diagnostics: readonly Diagnostic[], input: unknown): DiagnosticGroup[] {
  const tools = toolLocations(input).map((t) => ({
    ...t,
    group: {
      title: `Tool ${t.name === undefined ? '(unnamed)' : JSON.stringify(t.name)}${t.path === '' ? '' : ` (${t.path})`}`,
      isTool: true,
      diagnostics: [] as Diagnostic[],
    },
  }));
  const rest: DiagnosticGroup = { title: 'Document', isTool: false, diagnostics: [] };
  for (const d of diagnostics) {
    const owner = tools.find((t) => t.path === '' || d.path === t.path || d.path.startsWith(`${t.path}/`));
    (owner ? owner.group : rest).diagnostics.push(d);
  }
  const groups = tools.map((t) => t.group).filter((g) => g.diagnostics.length > 0);
  if (rest.diagnostics.length > 0) groups.push(rest);
  return groups;
}
