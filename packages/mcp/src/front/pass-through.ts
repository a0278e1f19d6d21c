import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { forwardRequest, type ForwardContext } from './forward-request.js';

/**
 * The methods a front forwards as they are, grouped by the upstream capability that offers them.
 * Only the groups the upstream declares are installed, so a caller asking for something the upstream
 * lacks gets the SDK's own "method not found", as it would from the upstream.
 */
const FORWARDED = [
  { capability: 'resources', schemas: [ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema] },
  { capability: 'prompts', schemas: [ListPromptsRequestSchema, GetPromptRequestSchema] },
  { capability: 'completions', schemas: [CompleteRequestSchema] },
  { capability: 'logging', schemas: [SetLevelRequestSchema] },
] as const;

/** Installs a forwarding handler on `server` for every method the upstream's capabilities offer (ping is answered by each side itself). */
export function passThrough(server: Server, upstream: ServerCapabilities, client: () => Client, forwarding: ForwardContext): void {
  for (const group of FORWARDED) {
    if (!(upstream as Record<string, unknown>)[group.capability]) continue;
    for (const schema of group.schemas) {
      // The SDK's result schemas are not applied here: the answer goes back exactly as the upstream gave it.
      server.setRequestHandler(schema as typeof ListResourcesRequestSchema, (request, extra) =>
        forwardRequest(client(), request.method, request.params as Record<string, unknown> | undefined, extra, forwarding) as never,
      );
    }
  }
}
