/** The `_meta` key a request names its dialect under (reverse-DNS, outside MCP's reserved prefixes). */
export const DIALECT_META_KEY = 'ai.redouble/dialect';

/** The URL query parameter an HTTP client whose only setting is its URL uses instead. */
export const DIALECT_URL_PARAMETER = 'dialect';

/** JSON-RPC "Invalid params": the spec's code for a malformed request or an unknown tool. */
export const INVALID_PARAMS = -32602;

/** JSON-RPC "Internal error": used when the server itself breaks its own contract. */
export const INTERNAL_ERROR = -32603;
