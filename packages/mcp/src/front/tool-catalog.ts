import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { toolShapeProblem } from '../tool-shape.js';
import type { Diagnostic } from '@redouble/dialects';
import { ToolCaller } from '../call-tool.js';
import type { Logger } from '../logger.js';
import { ToolPager, toolSetVersion } from '../paginate.js';
import { checkTools, formatProblems } from '../register-tools.js';
import { adviseLater } from '../registration-warnings.js';
import type { DialectTool, ToolHandler } from '../tool-definition.js';
import { ToolListCache } from '../tool-list-cache.js';
import { valueKind } from '../value-kind.js';

/** One version of the upstream's tool set, with everything built from it; replaced whole, never edited. */
export interface CatalogGeneration {
  readonly version: string;
  readonly lists: ToolListCache;
  readonly caller: ToolCaller;
  readonly pager: ToolPager;
  /** Whether this side knows the tool: served (judged here), refused (invalid: never forwarded), or unknown (the upstream's business). */
  standing(name: string): 'served' | 'refused' | 'unknown';
}

/** Enough pages for any real server; an upstream whose cursors never end is cut off here, not followed forever. */
const MAX_PAGES = 10_000;

/**
 * The upstream's tools as this side serves them. Each reload lints the canonical tools once; a tool
 * whose schema is invalid is left out of every dialect, logged and named in each answer's `_meta`
 * (law 6: refused in every dialect). Conversions per dialect and judges are built on first demand
 * within a generation, so a reload costs one lint pass, nothing more.
 */
export class ToolCatalog {
  private generation: CatalogGeneration;
  private readonly forward: (name: string) => ToolHandler;
  private readonly logger: Logger;
  private readonly pageSize: number | undefined;

  constructor(forward: (name: string) => ToolHandler, logger: Logger, pageSize: number | undefined) {
    this.forward = forward;
    this.logger = logger;
    this.pageSize = pageSize;
    this.generation = this.build([]);
  }

  get current(): CatalogGeneration {
    return this.generation;
  }

  /** Replaces the tool set; returns whether it differs from the one served before. */
  replace(tools: readonly unknown[]): boolean {
    const next = this.build(tools);
    const changed = next.version !== this.generation.version;
    if (changed) this.generation = next;
    return changed;
  }

  private build(tools: readonly unknown[]): CatalogGeneration {
    const version = toolSetVersion(tools);
    // A tool that is not an MCP Tool at all would make an SDK client refuse the whole list downstream: refused here, by the SDK's own shape.
    const shaped: Record<string, unknown>[] = [];
    const shapedAt: number[] = [];
    const misshapen: Diagnostic[] = [];
    const firstAt = new Map<string, number>();
    tools.forEach((tool, index) => {
      const shape = toolShapeProblem(tool, index, isRecord(tool) && typeof tool.name === 'string' ? `tool "${tool.name}"` : `entry ${index}`);
      if (shape !== undefined) {
        misshapen.push(shape);
        return;
      }
      const record = tool as Record<string, unknown>;
      const name = String(record.name);
      // The name is what a caller asks for: the first definition answers to it, a later one under
      // the same name is left out and logged (the name itself is served, so it is not "omitted").
      const first = firstAt.get(name);
      if (first !== undefined) {
        this.logger.warn(`Upstream lists tool "${name}" twice (entries ${first} and ${index}): the first is served, entry ${index} is left out.`);
        return;
      }
      firstAt.set(name, index);
      shaped.push(record);
      shapedAt.push(index);
    });
    const definitions = shaped.map((tool) => ({ ...tool, handler: this.forward(String(tool.name)) }) as DialectTool);
    const checked = checkTools(definitions, this.logger);
    const { registered } = checked;
    // Warnings only, logged while the catalog already serves (registration-warnings.ts).
    void adviseLater(checked.advice, this.logger);
    const problems = [...misshapen, ...checked.problems.map((p) => ({ ...p, path: p.path.replace(/^\/\d+/, (m) => `/${shapedAt[Number(m.slice(1))]}`) }))];
    if (problems.length > 0) {
      this.logger.warn(`Upstream tools left out of every dialect (not MCP Tools, or their canonical schemas are invalid):\n${formatProblems(problems)}`);
    }
    const nameAt = (path: string): unknown => {
      const tool = tools[Number(path.split('/')[1])];
      return isRecord(tool) ? tool.name : undefined;
    };
    const refused = [...new Set(problems.map((p) => nameAt(p.path)).filter((n): n is string => typeof n === 'string' && !registered.has(n)))];
    const lists = new ToolListCache(registered, this.logger, refused);
    const refusedNames = new Set(refused);
    return {
      version,
      lists,
      caller: new ToolCaller(registered, lists, this.logger, { wireResults: true }),
      pager: new ToolPager(this.pageSize, () => version),
      standing: (name) => (registered.has(name) ? 'served' : refusedNames.has(name) ? 'refused' : 'unknown'),
    };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Every page of the upstream's tools/list, in its order. Read with the SDK's loose result shape, so one odd tool cannot fail the whole list. */
export async function listAllTools(client: Client, timeoutMs?: number): Promise<unknown[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  // Every entry, tools or not: one that is no tool is refused by name or position (ToolCatalog), never dropped unsaid.
  const tools: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = (await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ResultSchema, { timeout: timeoutMs })) as Record<string, unknown>;
    // A result with no tools array is no list at all, not an empty one: served as empty, every call
    // would go to the upstream unjudged with nothing said. It fails the read like an error answer.
    if (!Array.isArray(result.tools)) {
      throw new McpError(ErrorCode.InternalError, `the upstream's tools/list result is not a list of tools: ${result.tools === undefined ? 'it has no /tools' : `/tools is ${valueKind(result.tools)}`}, where an array belongs`);
    }
    for (const tool of result.tools) tools.push(tool);
    const next = result.nextCursor;
    if (next !== undefined && typeof next !== 'string') {
      throw new McpError(ErrorCode.InternalError, `the upstream's tools/list result is not a list of tools: /nextCursor is ${valueKind(next)}, not a string`);
    }
    if (next === undefined || seen.has(next)) return tools;
    seen.add(next);
    cursor = next;
  }
  return tools;
}
