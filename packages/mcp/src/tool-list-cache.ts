import { convert, type Dialect } from '@redouble/dialects';
import { DIALECT_META_KEY } from './constants.js';
import { deepFreeze } from './deep-freeze.js';
import type { Logger } from './logger.js';
import type { RegisteredTool } from './register-tools.js';

/** The `_meta` key naming tools a dialect's list had to leave out (no conversion, or one with an error). */
export const OMITTED_META_KEY = 'ai.redouble/dialect-omitted';

export interface DialectToolList {
  [key: string]: unknown;
  tools: Record<string, unknown>[];
  _meta: Record<string, unknown>;
}

/**
 * Each dialect's tools/list answer, converted once on first demand and then served as is:
 * answering tools/list costs no conversion. Lazy, so a server with many tools and dialects is
 * ready at once and pays only for the dialects its clients ask for.
 */
export class ToolListCache {
  private readonly tools: Map<string, RegisteredTool>;
  private readonly logger: Logger;
  private readonly lists = new Map<string, DialectToolList>();
  private readonly byName = new Map<string, Map<string, Record<string, unknown>>>();
  private readonly refused: readonly string[];

  /** `refused`: tools already left out of every dialect (their canonical schema is invalid), named in each answer. */
  constructor(tools: Map<string, RegisteredTool>, logger: Logger, refused: readonly string[] = []) {
    this.tools = tools;
    this.logger = logger;
    this.refused = refused;
  }

  get(dialect: Dialect): DialectToolList {
    let list = this.lists.get(dialect.id);
    if (!list) {
      list = deepFreeze(this.build(dialect));
      this.lists.set(dialect.id, list);
      this.byName.set(dialect.id, new Map(list.tools.map((t) => [t.name as string, t])));
    }
    return list;
  }

  /** One tool as this dialect publishes it; undefined when the dialect had to leave it out. */
  tool(dialect: Dialect, name: string): Record<string, unknown> | undefined {
    this.get(dialect);
    return this.byName.get(dialect.id)?.get(name);
  }

  private build(dialect: Dialect): DialectToolList {
    const tools: Record<string, unknown>[] = [];
    const omitted: string[] = [...this.refused];
    for (const entry of this.tools.values()) {
      const result = convert(entry.tool, dialect);
      // An error is what the dialect's reader refuses (a root union, a property or tool name it
      // does not take, a limit past its bound), or no output at all: published, such a tool would
      // fail the whole request that carries it (a vendor that refuses a root union answers 400 to
      // every request), and the caller could not tell which tool. Left out, and said
      // twice: in the log with each error, and by name in the answer. Calls to it are still judged.
      // (No output comes only with an error, so `ok` says both.)
      if (!result.ok) {
        for (const d of result.diagnostics) if (d.severity === 'error') this.logger.warn(`error: tool "${entry.name}" left out of dialect ${dialect.id}: at ${d.path || '/'}: ${d.message} [${d.code}]`);
        omitted.push(entry.name);
        continue;
      }
      tools.push(result.output as Record<string, unknown>);
    }
    const meta: Record<string, unknown> = { [DIALECT_META_KEY]: dialect.id };
    if (omitted.length > 0) meta[OMITTED_META_KEY] = omitted;
    return { tools, _meta: meta };
  }
}
