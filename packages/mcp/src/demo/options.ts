import { parseArgs } from 'node:util';
import { parseHost, parsePort } from '../bin-options.js';

export interface DemoOptions {
  stdio: boolean;
  dialect: string | undefined;
  host: string;
  port: number;
  help: boolean;
}

export const USAGE = `Usage: dialects-mcp-demo [--port N] [--host ADDR] [--dialect NAME]
       dialects-mcp-demo --stdio [--dialect NAME]

  --port N        HTTP port on 127.0.0.1 (default 3000; 0 picks a free one)
  --host ADDR     address to bind (default 127.0.0.1)
  --dialect NAME  the dialect for requests that name none (default: the registry's identity dialect)
  --stdio         serve over stdin/stdout instead of HTTP`;

/** Parses the command line; throws a plain Error with a usage hint on anything it does not know. */
export function parseDemoOptions(argv: string[]): DemoOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      stdio: { type: 'boolean', default: false },
      dialect: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '3000' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  // The proxy's readers: both bins take --port and --host by the same rules.
  return { stdio: values.stdio, dialect: values.dialect, host: parseHost(values.host), port: parsePort(values.port), help: values.help };
}
