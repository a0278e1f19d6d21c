// An MCP server over stdio (an ordinary McpServer, zod tools) whose tool does what real tools do:
// it waits on I/O for BENCH_WORK_MS (default 3 ms: a database, an API) and answers with a corpus-sized structured result
// (20 issues, about 6 KB) that has an outputSchema, so a front judges it on the way back.
// The bench runs it directly and behind `dialects-mcp proxy`; `echo` is the trivial baseline.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';
import { registerWorkTools } from './work-tools.mjs';

const sdk = (path) => import(pathToFileURL(join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm', path)).href);
const require = createRequire(import.meta.url);
const { z } = await import(pathToFileURL(require.resolve('zod', { paths: [join(root, 'node_modules', '@modelcontextprotocol', 'sdk')] })).href);
const { McpServer } = await sdk('server/mcp.js');
const { StdioServerTransport } = await sdk('server/stdio.js');

const server = new McpServer({ name: 'bench-work', version: '1.0.0' });
registerWorkTools(server, z);
await server.connect(new StdioServerTransport());
