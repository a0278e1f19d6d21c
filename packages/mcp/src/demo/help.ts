import { DIALECT_META_KEY, DIALECT_URL_PARAMETER } from '../constants.js';

/** What the demo prints on start: where it listens and how to ask for each dialect (names from the registry). */
export function startupHelp(url: string, defaultDialect: string, accepted: readonly string[], toolNames: readonly string[]): string {
  const lines = [
    `schema-dialects demo MCP server listening on ${url}`,
    `tools: ${toolNames.join(', ')}`,
    `requests that name no dialect get "${defaultDialect}". One endpoint serves every dialect; pick one with`,
    `  the URL:   ${url}?${DIALECT_URL_PARAMETER}=NAME`,
    `  or _meta:  {"method":"tools/list","params":{"_meta":{"${DIALECT_META_KEY}":"NAME"}}}  (wins over the URL)`,
    'accepted names:',
    ...accepted.map((name) => `  ${url}?${DIALECT_URL_PARAMETER}=${encodeURIComponent(name)}`),
    'try it:',
    // The package name: `mcp-inspector` is only one of its bins, and no package of that name exists.
    `  npx -y @modelcontextprotocol/inspector --cli '${url}?${DIALECT_URL_PARAMETER}=${encodeURIComponent(exampleName(accepted, defaultDialect))}' --transport http --method tools/list`,
    'stop with Ctrl-C.',
  ];
  return lines.join('\n');
}

/** The dialect the "try it" line asks for: a plain name (a pin may be a draft), other than the default where one is. */
function exampleName(accepted: readonly string[], defaultDialect: string): string {
  const plain = accepted.filter((name) => !name.includes('@'));
  return plain.find((name) => name !== defaultDialect) ?? plain[0] ?? defaultDialect;
}
