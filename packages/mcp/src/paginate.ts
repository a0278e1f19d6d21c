import { createHash } from 'node:crypto';
import { INVALID_PARAMS } from './constants.js';
import { deepFreeze } from './deep-freeze.js';
import { RequestError } from './request-error.js';
import type { DialectToolList } from './tool-list-cache.js';
import { valueKind } from './value-kind.js';

/** One page of a dialect's tools/list answer; `nextCursor` only when more follow. */
export interface ToolListPage extends DialectToolList {
  nextCursor?: string;
}

/** What a cursor carries: the tool set's version, the dialect (name@version) and where the page starts. */
interface CursorState {
  v: string;
  d: string;
  o: number;
}

/**
 * Splits each dialect's list into pages of `pageSize` tools. A cursor names the tool set's version
 * and the dialect it was issued for, so it stays valid for exactly that list: a cursor from another
 * dialect, or from before the tools changed, is refused (-32602) instead of silently skipping or
 * repeating tools. Pages are cut once and kept, like the lists they come from.
 */
export class ToolPager {
  readonly pageSize: number | undefined;
  private readonly version: () => string;
  private readonly pages = new Map<string, ToolListPage>();

  /** `pageSize` undefined: one page holding every tool (no cursor issued, a cursor is refused). */
  constructor(pageSize: number | undefined, version: () => string) {
    if (pageSize !== undefined && (!Number.isInteger(pageSize) || pageSize < 1)) {
      throw new RangeError(`pageSize must be a positive integer, got ${String(pageSize)}.`);
    }
    this.pageSize = pageSize;
    this.version = version;
  }

  page(list: DialectToolList, dialectId: string, cursor: unknown): DialectToolList | ToolListPage {
    if (cursor === undefined) {
      if (this.pageSize === undefined || list.tools.length <= this.pageSize) return list;
      return this.cut(list, dialectId, 0);
    }
    if (this.pageSize === undefined) throw invalidCursor('this server does not paginate tools/list');
    const state = decodeCursor(cursor);
    if (state.d !== dialectId) throw invalidCursor(`it was issued for dialect ${state.d}, not ${dialectId}`);
    if (state.v !== this.version()) throw invalidCursor('the tool list has changed since it was issued; list again from the start');
    if (state.o <= 0 || state.o >= list.tools.length) throw invalidCursor('it points outside the list');
    return this.cut(list, dialectId, state.o);
  }

  private cut(list: DialectToolList, dialectId: string, offset: number): ToolListPage {
    const key = `${dialectId}\u0000${offset}`;
    let page = this.pages.get(key);
    if (!page) {
      const end = offset + this.pageSize!;
      page = { tools: list.tools.slice(offset, end), _meta: list._meta };
      if (end < list.tools.length) page.nextCursor = encodeCursor({ v: this.version(), d: dialectId, o: end });
      page = deepFreeze(page);
      this.pages.set(key, page);
    }
    return page;
  }
}

/** A short content hash of a tool set: equal sets give equal versions, so cursors survive a reload that changed nothing. */
export function toolSetVersion(tools: readonly unknown[]): string {
  const hash = createHash('sha256');
  for (const tool of tools) {
    let text: string | undefined;
    try {
      text = JSON.stringify(tool);
    } catch {
      // Nested past the stack (or not JSON): that tool is refused when checked, so what it holds is
      // never served; its name and place stand for it, and a reload that changed nothing else
      // keeps the version (no spurious list_changed, cursors stay valid).
      const name = tool !== null && typeof tool === 'object' ? (tool as { name?: unknown }).name : undefined;
      text = `\u0000unreadable ${typeof name === 'string' ? JSON.stringify(name) : '-'}`;
    }
    hash.update(text ?? 'undefined').update('\n');
  }
  return hash.digest('base64url').slice(0, 16);
}

function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

function decodeCursor(cursor: unknown): CursorState {
  if (typeof cursor !== 'string') throw invalidCursor(`params.cursor must be a string; got ${valueKind(cursor)} at /params/cursor`);
  if (cursor.length > 512) throw invalidCursor('it is not one this server issued');
  let state: unknown;
  try {
    state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('it is not one this server issued');
  }
  const s = state as Partial<CursorState> | null;
  if (s === null || typeof s !== 'object' || typeof s.v !== 'string' || typeof s.d !== 'string' || !Number.isInteger(s.o)) {
    throw invalidCursor('it is not one this server issued');
  }
  return s as CursorState;
}

function invalidCursor(why: string): RequestError {
  return new RequestError(INVALID_PARAMS, `Invalid cursor for tools/list: ${why}.`, { param: 'cursor', path: '/params/cursor' });
}
