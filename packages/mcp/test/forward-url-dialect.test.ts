import { describe, expect, it } from 'vitest';
import { DIALECT_META_KEY, forwardUrlDialect, RequestError } from '../src/index.js';

const url = 'http://127.0.0.1/mcp?dialect=some_name';

describe('forwardUrlDialect', () => {
  it('fills the _meta slot of a request that names no dialect, without touching the original', () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'c' } };
    const frozen = structuredClone(body);
    const out = forwardUrlDialect(body, url);
    expect(out).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'c', _meta: { [DIALECT_META_KEY]: 'some_name' } } });
    expect(body).toEqual(frozen);
  });

  it("keeps the request's own naming and its other _meta keys", () => {
    const body = { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 't', _meta: { [DIALECT_META_KEY]: 'own', progressToken: 3 } } };
    expect(forwardUrlDialect(body, url)).toBe(body);
    const other = { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 't', _meta: { progressToken: 3 } } };
    expect(forwardUrlDialect(other, url)).toEqual({ ...other, params: { name: 't', _meta: { progressToken: 3, [DIALECT_META_KEY]: 'some_name' } } });
  });

  it('adds params to a request without any, and leaves notifications and responses alone', () => {
    const batch = [
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 9, result: {} },
    ];
    const out = forwardUrlDialect(batch, url);
    expect(out[0]).toEqual({ jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: { [DIALECT_META_KEY]: 'some_name' } } });
    expect(out[1]).toBe(batch[1]);
    expect(out[2]).toBe(batch[2]);
  });

  it('leaves a request whose params or _meta is not an object as it is, for the envelope check to refuse', () => {
    for (const params of [[1], 'x', { _meta: 'x' }, { _meta: null }, { _meta: [] }]) {
      const body = { jsonrpc: '2.0', id: 1, method: 'tools/list', params };
      expect(forwardUrlDialect(body, url)).toBe(body);
    }
  });

  it('returns the body itself when the URL has no dialect parameter', () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    expect(forwardUrlDialect(body, 'http://127.0.0.1/mcp?other=1')).toBe(body);
  });

  it('refuses a URL naming two different dialects, as the HTTP handler does; the same name twice is one name', () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    let thrown: unknown;
    try {
      forwardUrlDialect(body, 'http://127.0.0.1/mcp?dialect=gemini&dialect=openai_strict');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RequestError);
    expect((thrown as RequestError).code).toBe(-32600);
    expect((thrown as RequestError).message).toContain('the URL names the dialect 2 times ("gemini", "openai_strict")');
    expect(forwardUrlDialect(body, 'http://127.0.0.1/mcp?dialect=gemini&dialect=gemini')).toEqual({ ...body, params: { _meta: { [DIALECT_META_KEY]: 'gemini' } } });
  });
});
