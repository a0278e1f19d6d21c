// The public API of @redouble/dialects-mcp: named exports only.
export { createDialectTools } from './dialect-tools.js';
export type { DialectTools, DialectToolsOptions } from './dialect-tools.js';
export type { DialectTool, ToolHandler, ToolCallContext } from './tool-definition.js';
export { createDialectHttpHandler } from './http-host.js';
export type { DialectHttpHandlerOptions, NodeRequestHandler } from './http-host.js';
export { forwardUrlDialect } from './forward-url-dialect.js';
export { dialectAdvertisement, dialectCapabilities } from './advertise.js';
export type { DialectAdvertisement } from './advertise.js';
export { defaultDialectName } from './default-dialect.js';
export { RequestError } from './request-error.js';
export { OMITTED_META_KEY } from './tool-list-cache.js';
export type { DialectToolList } from './tool-list-cache.js';
export { stderrLogger } from './logger.js';
export type { Logger } from './logger.js';
export { DIALECT_META_KEY, DIALECT_URL_PARAMETER } from './constants.js';
