import { loadDialects, type Diagnostic, type DialectRegistry, type JudgeOptions } from '@redouble/dialects';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { dialectAdvertisement, dialectCapabilities, type DialectAdvertisement } from './advertise.js';
import { answerTools } from './answer-tools.js';
import { ToolCaller } from './call-tool.js';
import { deepFreeze } from './deep-freeze.js';
import { defaultDialectName } from './default-dialect.js';
import { DialectSelection } from './dialect-selection.js';
import { refuseUnknownDialectAtInitialize } from './initialize-dialect.js';
import { stderrLogger, type Logger } from './logger.js';
import { ToolPager, toolSetVersion } from './paginate.js';
import { registerTools } from './register-tools.js';
import type { DialectTool } from './tool-definition.js';
import { ToolListCache, type DialectToolList } from './tool-list-cache.js';

export interface DialectToolsOptions {
  /** The dialects to serve; default: the bundled rule files (`loadDialects()`). */
  registry?: DialectRegistry;
  /**
   * The dialect for requests that name none. Default: the registry's identity dialect. Over stdio
   * a command-line option sets it, which makes it the process default.
   */
  defaultDialect?: string;
  /** Registration warnings and server faults; default: stderr. */
  logger?: Logger;
  /**
   * Limits of the judge of every call (createJudge options), e.g. `patternTimeLimitMs`: the time a
   * call's look-around or back-reference patterns may take, in a worker, before it is refused.
   */
  judge?: JudgeOptions;
  /**
   * Tools per tools/list page; default: every tool in one answer. Cursors are stable per dialect
   * and tool set, and a client's `listTools` loop collects the same tools as one unpaged list.
   */
  pageSize?: number;
}

/** A set of tools served in every dialect: build it once, attach it to each SDK Server. */
export interface DialectTools {
  /** The dialect a request that names none is answered in. */
  readonly defaultDialect: string;
  /** Every accepted value: plain names and name@version pins. */
  accepted(): string[];
  /** The settings object advertised under the `ai.redouble/dialect` capability. */
  advertisement(): DialectAdvertisement;
  /** `{experimental, extensions}` carrying the advertisement, for a Server's capabilities. */
  capabilities(): ReturnType<typeof dialectCapabilities>;
  /**
   * Installs tools/list and tools/call and the capabilities on an SDK Server (before connect), and
   * refuses an initialize whose `_meta` names a dialect not served (-32602, as any request).
   */
  attach(server: Server): void;
  /** The tools/list answer for a dialect name or pin (default when omitted); cached. Unknown names throw a DialectError. */
  listTools(dialect?: string): DialectToolList;
  /**
   * Every registration warning (each also logged), once all are found: the lint rules that only
   * warn run after createDialectTools returns, in slices, while the server already answers (and at
   * once if the process exits first). Never rejects: a line the logger throws on goes to stderr.
   */
  readonly warnings: Promise<Diagnostic[]>;
}

/**
 * Registers canonical tools and serves them in every dialect. Throws a DialectError when a tool
 * schema is invalid (naming tool and pointer) or when the default dialect is unknown. Nothing is
 * converted or compiled here: each dialect's list is built on first demand, each judge on first call.
 */
export function createDialectTools(tools: readonly DialectTool[], options: DialectToolsOptions = {}): DialectTools {
  const logger = options.logger ?? stderrLogger;
  const registry = options.registry ?? loadDialects();
  const { registered, warnings } = registerTools(tools, logger);
  const selection = new DialectSelection(registry, options.defaultDialect ?? defaultDialectName(registry));
  const lists = new ToolListCache(registered, logger);
  const caller = new ToolCaller(registered, lists, logger, { judge: options.judge });
  let version: string | undefined;
  // Hashed on the first paged answer only: a server that never pages never pays for it.
  const pager = new ToolPager(options.pageSize, () => (version ??= toolSetVersion([...registered.values()].map((r) => r.tool))));
  const advertisement = dialectAdvertisement(selection.defaultName, selection.accepted());
  // One shared capabilities object: attaching to a fresh Server per HTTP request stays cheap.
  const shared = deepFreeze({ tools: {}, ...dialectCapabilities(advertisement) });

  return {
    defaultDialect: selection.defaultName,
    warnings,
    accepted: () => selection.accepted(),
    advertisement: () => structuredClone(advertisement),
    capabilities: () => dialectCapabilities(advertisement),
    listTools: (dialect?: string) => lists.get(selection.configured(dialect ?? selection.defaultName)),
    attach(server: Server): void {
      server.registerCapabilities(shared);
      refuseUnknownDialectAtInitialize(server, selection);
      answerTools(server, {
        list: (meta, cursor) => {
          const dialect = selection.select(meta);
          // A first build for the dialect runs in slices (tool-list-cache.ts): other requests go on meanwhile.
          return lists.withList(dialect, (list) => pager.page(list, dialect.id, cursor) as ListToolsResult);
        },
        call: (params, extra) => caller.call(params.name, params.args, selection.select(params.meta), extra),
      });
    },
  };
}
