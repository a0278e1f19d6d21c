import { valueKind } from './value-kind.js';

/**
 * Why a parsed body is not JSON-RPC 2.0 (a message, or a non-empty batch of them), or undefined
 * when it is. JSON that parses but is not JSON-RPC is an Invalid Request (-32600), not a Parse
 * error (-32700); the SDK would call it the latter.
 */
export function jsonRpcProblem(body: unknown): string | undefined {
  if (Array.isArray(body)) {
    if (body.length === 0) return 'an empty batch is not a JSON-RPC request.';
    for (let i = 0; i < body.length; i++) {
      const problem = messageProblem(body[i]);
      if (problem) return `batch element ${i}: ${problem}`;
    }
    return undefined;
  }
  return messageProblem(body);
}

const MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);
const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';

// The envelope as the SDK reads it (its JSONRPCMessageSchema, MCP types): a message that fails
// there is dropped by the SDK without an answer over stdio, and answered as a parse error over
// HTTP. So the same rules are checked here first, and the caller hears which and where.
function messageProblem(message: unknown): string | undefined {
  if (!isRecord(message)) return 'a JSON-RPC message must be a JSON object.';
  const m = message;
  if (m.jsonrpc !== '2.0') return 'a JSON-RPC message must have "jsonrpc": "2.0".';
  // The SDK reads messages strictly; an extra member (`__proto__` too) would be refused there as a parse error.
  const extra = Object.keys(m).find((key) => !MEMBERS.has(key));
  if (extra !== undefined) return `a JSON-RPC message has no member ${JSON.stringify(extra)}.`;
  if ('method' in m) {
    if (typeof m.method !== 'string') return '"method" must be a string.';
  } else if (!('result' in m) && !('error' in m)) return 'a JSON-RPC message needs a "method" (request or notification) or a "result" or "error" (response).';
  if ('id' in m && !isId(m.id) && !(m.id === null && !('method' in m))) {
    return '"id" must be a string or an integer.';
  }
  if ('params' in m) return paramsProblem(m.params);
  if ('result' in m && !isRecord(m.result)) return `"result" must be an object; got ${valueKind(m.result)} at /result.`;
  if ('error' in m) return errorProblem(m.error);
  return undefined;
}

function paramsProblem(params: unknown): string | undefined {
  // JSON-RPC also allows an array; MCP sends named params only.
  if (!isRecord(params)) return `"params" must be an object (MCP names its params); got ${valueKind(params)} at /params.`;
  if (!('_meta' in params)) return undefined;
  const meta = params._meta;
  if (!isRecord(meta)) return `"params._meta" must be an object; got ${valueKind(meta)} at /params/_meta.`;
  if ('progressToken' in meta && !isId(meta.progressToken)) {
    return `"params._meta.progressToken" must be a string or an integer; got ${valueKind(meta.progressToken)} at /params/_meta/progressToken.`;
  }
  if (RELATED_TASK_KEY in meta) {
    const task = meta[RELATED_TASK_KEY];
    if (!isRecord(task) || typeof task.taskId !== 'string') {
      return `"params._meta[${JSON.stringify(RELATED_TASK_KEY)}]" must be an object with a string taskId, at /params/_meta/${RELATED_TASK_KEY.replace(/~/g, '~0').replace(/\//g, '~1')}.`;
    }
  }
  return undefined;
}

function errorProblem(error: unknown): string | undefined {
  if (!isRecord(error)) return `"error" must be an object; got ${valueKind(error)} at /error.`;
  if (!Number.isInteger(error.code)) return `"error.code" must be an integer; got ${valueKind(error.code)} at /error/code.`;
  if (typeof error.message !== 'string') return `"error.message" must be a string; got ${valueKind(error.message)} at /error/message.`;
  return undefined;
}

/**
 * The id of a request whose envelope is wrong, when it has a usable one: such a request is
 * answered with an error under its own id (a caller waiting on it is not left hanging), where a
 * message with no usable id can only be refused as a whole.
 */
export function answerableId(message: unknown): string | number | undefined {
  // Only what claims to be a JSON-RPC 2.0 request is answered; another protocol's line is not ours to answer.
  if (!isRecord(message) || message.jsonrpc !== '2.0' || typeof message.method !== 'string') return undefined;
  return isId(message.id) ? message.id : undefined;
}

function isId(value: unknown): value is string | number {
  return typeof value === 'string' || Number.isInteger(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

