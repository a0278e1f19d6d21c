import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readCallParams, type CallParams } from './call-params.js';
import type { ToolCallContext } from './tool-definition.js';

/** Answers one tools/call whose params were read as the caller sent them. */
export type ToolsCallAnswer = (params: CallParams, extra: ToolCallContext['extra']) => Promise<CallToolResult>;

/**
 * Installs tools/call on an SDK Server, answered from the request as sent. A handler registered
 * for it with setRequestHandler would only see requests that passed the SDK's schema (twice, in
 * SDK 1.2x), and a failing one goes back as a Zod dump, where a caller's mistake is -32602 in
 * plain words naming where (call-params.ts). The SDK's re-check of the result is skipped too: the
 * answer is checked once, by the caller of `answer`.
 */
export function answerToolsCall(server: Server, answer: ToolsCallAnswer): void {
  const next = server.fallbackRequestHandler;
  // Not `async`: the answer's own promise goes back as it is, so an answer that is ready at once
  // reaches the transport a few microtasks sooner (see call-tool.ts). What throws here before
  // there is a promise becomes the rejection, as it would in an async function.
  server.fallbackRequestHandler = (request, extra) => {
    try {
      if (request.method !== 'tools/call') {
        if (next) return next(request, extra);
        throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
      }
      return answer(readCallParams(request.params), extra as ToolCallContext['extra']);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
