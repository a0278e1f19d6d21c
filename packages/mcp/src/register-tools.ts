import { DialectError, lintTools, type Diagnostic } from '@redouble/dialects';
import type { Logger } from './logger.js';
import { adviseLater, adviseNow, logWarning, safeWarn, type AdviceJob } from './registration-warnings.js';
import { copyToolData } from './tool-data-copy.js';
import { toolShapeProblem } from './tool-shape.js';
import type { DialectTool, ToolHandler } from './tool-definition.js';

/** One registered tool: its canonical definition (a private copy) and its handler. */
export interface RegisteredTool {
  readonly name: string;
  /** The MCP Tool without the handler, as published in the default dialect's terms. */
  readonly tool: Record<string, unknown> & { name: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> };
  readonly handler: ToolHandler;
}

/** What checking a set of tool definitions found: the usable tools, and every problem with the rest. */
export interface ToolCheck {
  registered: Map<string, RegisteredTool>;
  /** Errors, each naming its tool and JSON pointer; the tools they name are not in `registered`. */
  problems: Diagnostic[];
  /** The warnings found so far (each logged): those of the rules that can also refuse a tool. */
  warnings: Diagnostic[];
  /** The registered tools still to be read by the lint rules that only warn (registration-warnings.ts). */
  advice: AdviceJob[];
}

/**
 * Checks and copies tool definitions. A tool with a schema error (or no usable shape) is left out
 * and its problems are returned; the warnings of the rules that decide it, and checks that could
 * not be completed, are logged. The rules that only warn are left to the caller (`advice`): they
 * cannot change which tools are served.
 */
export function checkTools(tools: readonly DialectTool[], logger: Logger): ToolCheck {
  if (!Array.isArray(tools)) {
    throw new DialectError('invalid-option', 'tools must be an array of tool definitions.');
  }
  const registered = new Map<string, RegisteredTool>();
  const problems: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const advice: AdviceJob[] = [];
  tools.forEach((definition, index) => {
    const shapeProblem = checkShape(definition, registered);
    if (shapeProblem) {
      problems.push({ code: 'tool-definition-invalid', severity: 'error', message: shapeProblem, path: `/${index}` });
      return;
    }
    const { handler, ...fields } = definition;
    // A field set to undefined (`outputSchema: structured ? schema : undefined`) is absent, as JSON
    // and the SDK's own McpServer read it: it was checked as a schema, or as a value that is not
    // JSON, which left the tool out of every tools/list.
    const rest = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Omit<DialectTool, 'handler'>;
    // A private copy: the author may reuse or change their objects later; what is served must not move.
    const data = copyToolData(rest);
    // A value that is not JSON (a bigint, a boxed String, a hole in an array) is named as such, at its
    // pointer: lint, reading the author's objects, would call it a wrong keyword value instead.
    if ('problem' in data && !data.bound) {
      problems.push({ code: 'tool-definition-invalid', severity: 'error', message: `tool "${String(rest.name)}": ${data.problem}.`, path: `/${index}` });
      return;
    }
    const copied = 'copy' in data ? (data.copy as RegisteredTool['tool']) : data.problem;
    // Lint reads without recursion: where the copy stopped at a bound, it reads the author's own
    // objects, and names the place (the schema depth bound, at its JSON pointer) where it can.
    const tool = typeof copied === 'string' ? rest : copied;
    const report = lintTools(tool, { rules: 'errors' });
    let invalid = false;
    for (const d of report.diagnostics) {
      if (d.severity === 'error') {
        invalid = true;
        problems.push({ ...d, message: `tool "${tool.name}" at ${d.path || '/'}: ${d.message}`, path: `/${index}${d.path}` });
      } else if (d.severity === 'warning') warnings.push(logWarning(logger, index, String(tool.name), d));
    }
    // Asked after lint, whose words for a schema fault are more exact: a tool that passes lint yet is
    // no MCP Tool (a real server's `annotations: {title: null}`) would make an SDK client refuse
    // the whole list it is served in (tool-shape.ts).
    const shape = invalid || typeof copied === 'string' ? undefined : toolShapeProblem(copied, index, `tool "${tool.name}"`);
    if (shape !== undefined) {
      problems.push(shape);
      return;
    }
    if (typeof copied === 'string') {
      if (!invalid) problems.push({ code: 'tool-definition-invalid', severity: 'error', message: `tool "${tool.name}": ${copied}.`, path: `/${index}` });
      return;
    }
    // A tool refused for its errors needs no word that its check was incomplete.
    if (!report.complete && !invalid) safeWarn(logger, `warning: tool "${copied.name}": its schemas could not be checked completely.`);
    if (!invalid) {
      registered.set(copied.name, { name: copied.name, tool: copied, handler });
      advice.push({ index, tool: copied, complete: report.complete, values: 'values' in data ? data.values : 0 });
    }
  });
  return { registered, problems, warnings, advice };
}

/** The registered tools, and every registration warning once the rules that only warn have run. */
export interface Registration {
  registered: Map<string, RegisteredTool>;
  warnings: Promise<Diagnostic[]>;
}

/**
 * Checks and copies the tools a server registers. Whatever is wrong with them is a configuration
 * fault: every problem is collected and the server refuses to start with one DialectError that
 * names each tool and JSON pointer (the warnings found are all logged first). Lint warnings, and
 * checks that could not be completed, are logged; those of the rules that only warn after this
 * returns, in slices, while the server already answers.
 */
export function registerTools(tools: readonly DialectTool[], logger: Logger): Registration {
  const { registered, problems, warnings, advice } = checkTools(tools, logger);
  if (problems.length > 0) {
    adviseNow(advice, logger);
    throw new DialectError('tool-schema-invalid', `Refusing to start: ${problems.length} problem(s) in the registered tools:\n${formatProblems(problems)}`, problems);
  }
  return { registered, warnings: adviseLater(advice, logger, warnings) };
}

/** One line per problem, for a log or an error message. */
export function formatProblems(problems: readonly Diagnostic[]): string {
  return problems.map((p) => `  ${p.message}${p.code === 'tool-definition-invalid' ? '' : ` [${p.code}]`}`).join('\n');
}

function checkShape(definition: DialectTool, seen: Map<string, RegisteredTool>): string | undefined {
  if (definition === null || typeof definition !== 'object') return 'a tool definition must be an object.';
  const { name, handler, inputSchema, outputSchema } = definition;
  if (typeof name !== 'string' || name.length === 0) return 'a tool needs a non-empty string name.';
  if (seen.has(name)) return `tool "${name}" is registered twice.`;
  if (typeof handler !== 'function') return `tool "${name}" has no handler function.`;
  if (inputSchema === null || typeof inputSchema !== 'object' || Array.isArray(inputSchema)) {
    return `tool "${name}": inputSchema must be a JSON Schema object.`;
  }
  if (outputSchema !== undefined && (outputSchema === null || typeof outputSchema !== 'object' || Array.isArray(outputSchema))) {
    return `tool "${name}": outputSchema must be a JSON Schema object when present.`;
  }
  return undefined;
}
