import { convert, requestLimits, type Dialect } from '@redouble/dialects';
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
/**
 * How long one slice of a first build may run before the event loop gets a turn: converting every
 * tool of a large server for a dialect takes 100-150 ms (881 corpus tools), which would hold up
 * every other request (a call, a ping, another client's list) for that long.
 */
export const BUILD_SLICE_MS = 10;

/** A first build under way in slices: what is converted so far, and the promise its callers wait on. */
interface Building {
  readonly entries: RegisteredTool[];
  next: number;
  readonly tools: Record<string, unknown>[];
  readonly omitted: string[];
  readonly done: Promise<DialectToolList>;
  /** Resolves `done`, whoever ends the build (a slice, or a synchronous get in between). */
  readonly finish: (list: DialectToolList) => void;
  /** Rejects `done`: a conversion threw (which convert never does for data, only for a broken setup). */
  readonly fail: (error: unknown) => void;
}

export class ToolListCache {
  private readonly tools: Map<string, RegisteredTool>;
  private readonly logger: Logger;
  private readonly lists = new Map<string, DialectToolList>();
  private readonly byName = new Map<string, Map<string, Record<string, unknown>>>();
  private readonly building = new Map<string, Building>();
  private readonly refused: readonly string[];
  private readonly sliceMs: number;

  /**
   * `refused`: tools already left out of every dialect (their canonical schema is invalid), named in
   * each answer. `sliceMs`: the longest stretch of a first build between two turns of the event loop.
   */
  constructor(tools: Map<string, RegisteredTool>, logger: Logger, refused: readonly string[] = [], sliceMs = BUILD_SLICE_MS) {
    this.tools = tools;
    this.logger = logger;
    this.refused = refused;
    this.sliceMs = sliceMs;
  }

  /** The dialect's list, built now if it is not yet (a build under way in slices is finished at once). */
  get(dialect: Dialect): DialectToolList {
    const list = this.lists.get(dialect.id);
    if (list) return list;
    this.step(dialect, this.building.get(dialect.id) ?? this.start(dialect), Infinity);
    return this.lists.get(dialect.id)!;
  }

  /**
   * The dialect's list for a request: at once when it is built, else a promise of it, built in
   * slices of at most `sliceMs` with a turn of the event loop between them. Requests that come while
   * it is being built share the one build.
   */
  getAsync(dialect: Dialect): DialectToolList | Promise<DialectToolList> {
    const list = this.lists.get(dialect.id);
    if (list) return list;
    const under = this.building.get(dialect.id);
    if (under) return under.done;
    return this.start(dialect, true).done;
  }

  /**
   * `use(list)` for a request: at once where the list is built (no promise, so an answer that is
   * ready leaves in as few microtasks as the bare SDK's), after its sliced build otherwise.
   */
  withList<R>(dialect: Dialect, use: (list: DialectToolList) => R): R | Promise<R> {
    const list = this.getAsync(dialect);
    return list instanceof Promise ? list.then(use) : use(list);
  }

  /** One tool as this dialect publishes it (undefined when the dialect had to leave it out), as withList answers. */
  tool(dialect: Dialect, name: string): Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined> {
    return this.withList(dialect, () => this.byName.get(dialect.id)?.get(name));
  }

  private start(dialect: Dialect, sliced = false): Building {
    let finish: (list: DialectToolList) => void = () => undefined;
    let fail: (error: unknown) => void = () => undefined;
    const done = new Promise<DialectToolList>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    // Nobody may be waiting on it (a synchronous get started it): a failure then is that get's throw.
    done.catch(() => undefined);
    const under: Building = { entries: [...this.tools.values()], next: 0, tools: [], omitted: [...this.refused], done, finish, fail };
    this.building.set(dialect.id, under);
    if (sliced) this.slices(dialect, under);
    return under;
  }

  /** Runs the build a slice at a time until it is done (here, or by a synchronous get meanwhile). */
  private slices(dialect: Dialect, under: Building): void {
    const run = (): void => {
      if (this.building.get(dialect.id) !== under) return;
      try {
        if (!this.step(dialect, under, performance.now() + this.sliceMs)) setImmediate(run);
      } catch {
        // Never thrown out of a timer (that would end the process): step refused the requests waiting.
      }
    };
    run();
  }

  /**
   * Converts tools until `deadline` (a performance.now() time) or the end; true when the list is
   * done. A conversion that throws ends the build: whoever waits on it is refused, the next request
   * starts afresh, and the error goes on to the caller.
   */
  private step(dialect: Dialect, under: Building, deadline: number): boolean {
    try {
      return this.advance(dialect, under, deadline);
    } catch (error) {
      this.building.delete(dialect.id);
      under.fail(error);
      throw error;
    }
  }

  private advance(dialect: Dialect, under: Building, deadline: number): boolean {
    const { entries, tools, omitted } = under;
    while (under.next < entries.length) {
      const entry = entries[under.next++]!;
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
      } else {
        tools.push(result.output as Record<string, unknown>);
      }
      if (under.next < entries.length && performance.now() >= deadline) return false;
    }
    // A vendor that counts some limits per request (tools, optional properties summed over them)
    // refuses a request that carries every listed tool past them: the author hears it once per
    // dialect, when its list is first built; a client may still send fewer tools per request.
    for (const d of requestLimits(tools, dialect)) this.logger.warn(`warning: dialect ${dialect.id}: ${d.message} [${d.code}]`);
    const meta: Record<string, unknown> = { [DIALECT_META_KEY]: dialect.id };
    if (omitted.length > 0) meta[OMITTED_META_KEY] = omitted;
    const list = deepFreeze({ tools, _meta: meta });
    this.lists.set(dialect.id, list);
    this.byName.set(dialect.id, new Map(list.tools.map((t) => [t.name as string, t])));
    this.building.delete(dialect.id);
    under.finish(list);
    return true;
  }
}
