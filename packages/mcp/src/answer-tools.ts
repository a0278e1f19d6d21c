import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError, type CallToolResult, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { readCallParams, type CallParams } from './call-params.js';
import type { ToolCallContext } from './tool-definition.js';

/** Answers one tools/call whose params were read as the caller sent them. */
export type ToolsCallAnswer = (params: CallParams, extra: ToolCallContext['extra']) => Promise<CallToolResult>;

/** Answers one tools/list: its `_meta` (the dialect) and `cursor` as the caller sent them, unchecked (the pager checks the cursor). */
export type ToolsListAnswer = (meta: unknown, cursor: unknown) => ListToolsResult | Promise<ListToolsResult>;

/**
 * Installs tools/list and tools/call on an SDK Server, answered from the request as sent. A
 * handler registered with setRequestHandler would only see requests that passed the SDK's schema
 * (twice, in SDK 1.2x), and a failing one goes back as -32603 with a Zod dump, where a caller's
 * mistake (`arguments` an array, a `cursor` that is a number) is -32602 in plain words naming where
 * (call-params.ts, paginate.ts). The SDK's re-check of a call's result is skipped too: the answer
 * is checked once, by the caller of `call`. Other methods go to the handler installed before.
 */
export function answerTools(server: Server, answers: { list: ToolsListAnswer; call: ToolsCallAnswer }): void {
  const next = server.fallbackRequestHandler;
  // Not `async`: the answer's own promise goes back as it is, so an answer that is ready at once
  // reaches the transport a few microtasks sooner (see call-tool.ts). What throws here before
  // there is a promise becomes the rejection, as it would in an async function.
  server.fallbackRequestHandler = (request, extra) => {
    try {
      if (request.method === 'tools/call') return answers.call(readCallParams(request.params), extra as ToolCallContext['extra']);
      // The transport's envelope check leaves params an object or absent.
      if (request.method === 'tools/list') return Promise.resolve(answers.list(request.params?._meta, request.params?.cursor));
      if (next) return next(request, extra);
      throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
