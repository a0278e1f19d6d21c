import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

/** The `_meta` key a request names its dialect under (reverse-DNS, outside MCP's reserved prefixes). */
export const DIALECT_META_KEY = 'ai.redouble/dialect';

/**
 * The `_meta` key of a refused call's tool result (`isError: true`) that holds its violations as
 * data, `[{path, rule, keyword, value?}]`: the same list a server fault carries in
 * `error.data.violations`.
 */
export const VIOLATIONS_META_KEY = 'ai.redouble/violations';

/** The URL query parameter an HTTP client whose only setting is its URL uses instead. */
export const DIALECT_URL_PARAMETER = 'dialect';

/** JSON-RPC "Invalid params": the spec's code for a malformed request or an unknown tool. */
export const INVALID_PARAMS = -32602;

/** JSON-RPC: the request itself is malformed (its envelope, or the URL it came on). */
export const INVALID_REQUEST = -32600;

/** JSON-RPC "Internal error": used when the server itself breaks its own contract. */
export const INTERNAL_ERROR = -32603;

/**
 * What a front served over HTTP declares to its upstream (the proxy does; withDialects over HTTP
 * passes it as `clientCapabilities`): every client capability a session caller can answer. The
 * upstream is connected before any caller, and its callers differ; each request the upstream makes
 * goes to the session it belongs to (or the only one open), and one that no session can answer
 * (a stateless caller's, or one the caller did not declare) is refused with a JSON-RPC error.
 */
export const HTTP_CLIENT_CAPABILITIES: ClientCapabilities = { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } };
