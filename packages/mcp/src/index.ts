// The public API of @redouble/dialects-mcp: named exports only.
export { createDialectTools } from './dialect-tools.js';
export type { DialectTools, DialectToolsOptions } from './dialect-tools.js';
export type { DialectTool, ToolHandler, ToolCallContext } from './tool-definition.js';
export { createDialectHttpHandler } from './http-host.js';
export { createStdioTransport } from './stdio-transport.js';
export type { StdioTransportOptions } from './stdio-transport.js';
export type { DialectHttpHandler, DialectHttpHandlerOptions, NodeRequestHandler } from './http-host.js';
export type { SessionLimits } from './http-sessions.js';
export { forwardUrlDialect } from './forward-url-dialect.js';
export { dialectAdvertisement, dialectCapabilities } from './advertise.js';
export type { DialectAdvertisement } from './advertise.js';
export { defaultDialectName } from './default-dialect.js';
export { RequestError } from './request-error.js';
export { OMITTED_META_KEY } from './tool-list-cache.js';
export type { DialectToolList } from './tool-list-cache.js';
export { stderrLogger } from './logger.js';
export type { Logger } from './logger.js';
export { DIALECT_META_KEY, DIALECT_URL_PARAMETER, HTTP_CLIENT_CAPABILITIES, VIOLATIONS_META_KEY } from './constants.js';
// Thrown by createDialectTools and listTools: a caller catches it without declaring the engine package itself.
export { DialectError } from '@redouble/dialects';
export type { Diagnostic, Violation } from '@redouble/dialects';
export { withDialects } from './mcp-server.js';
export type { ConnectableServer } from './mcp-server.js';
export { DialectFront } from './front/dialect-front.js';
export type { DialectFrontOptions, UpstreamOptions } from './front/dialect-front.js';
