import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Upstream } from './options.js';
import { StdioUpstreamTransport } from './stdio-upstream.js';

/**
 * A fresh transport to the upstream. A command is started with this process's whole environment
 * (the proxy stands in for it: its settings and secrets are the ones the user gave); its stderr is
 * this process's stderr, so its own messages stay visible (stdio-upstream.ts).
 */
export function openUpstream(upstream: Upstream): Transport {
  if (upstream.kind === 'url') return new StreamableHTTPClientTransport(upstream.url);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return new StdioUpstreamTransport({ command: upstream.command, args: upstream.args, env });
}

/** How the upstream is named in messages. */
export function describeUpstream(upstream: Upstream): string {
  return upstream.kind === 'url' ? upstream.url.href : [upstream.command, ...upstream.args].join(' ');
}
