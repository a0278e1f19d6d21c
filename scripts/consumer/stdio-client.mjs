// Copied into the consumer project and run there: starts a server script over stdio with the SDK's
// own Client, lists its tools in two dialects, calls the first tool, and prints what it saw as JSON.
// Usage: node stdio-client.mjs SERVER.js DIALECT_A DIALECT_B ['{"tool":"name","arguments":{...}}']
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [server, first, second, callJson] = process.argv.slice(2);
const KEY = 'ai.redouble/dialect';
const client = new Client({ name: 'consumer-test', version: '1.0.0' });
const transport = new StdioClientTransport({ command: process.execPath, args: [server], stderr: 'pipe' });
const timer = setTimeout(() => {
  console.error('stdio client: no answer within 60 s');
  process.exit(3);
}, 60_000);
try {
  await client.connect(transport);
  const advertised = client.getServerCapabilities()?.experimental?.[KEY];
  const lists = {};
  for (const dialect of [first, second]) {
    const result = await client.listTools({ _meta: { [KEY]: dialect } });
    lists[dialect] = { answeredIn: result._meta?.[KEY], tools: result.tools };
  }
  let call;
  if (callJson) {
    const { tool, arguments: args, dialect } = JSON.parse(callJson);
    call = await client.callTool({ name: tool, arguments: args, _meta: dialect ? { [KEY]: dialect } : undefined });
  }
  process.stdout.write(`${JSON.stringify({ advertised, lists, call })}\n`);
} finally {
  clearTimeout(timer);
  await client.close();
}
