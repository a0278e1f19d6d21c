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

function messageProblem(message: unknown): string | undefined {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return 'a JSON-RPC message must be a JSON object.';
  const m = message as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return 'a JSON-RPC message must have "jsonrpc": "2.0".';
  // The SDK reads messages strictly; an extra member (`__proto__` too) would be refused there as a parse error.
  const extra = Object.keys(m).find((key) => !MEMBERS.has(key));
  if (extra !== undefined) return `a JSON-RPC message has no member ${JSON.stringify(extra)}.`;
  if ('method' in m) {
    if (typeof m.method !== 'string') return '"method" must be a string.';
  } else if (!('result' in m) && !('error' in m)) return 'a JSON-RPC message needs a "method" (request or notification) or a "result" or "error" (response).';
  if ('id' in m && typeof m.id !== 'string' && typeof m.id !== 'number' && !(m.id === null && !('method' in m))) {
    return '"id" must be a string or a number.';
  }
  if ('params' in m && (m.params === null || typeof m.params !== 'object')) return '"params" must be an object or an array.';
  return undefined;
}
