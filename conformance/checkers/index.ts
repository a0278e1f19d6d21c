/**
 * Which independent checkers judge which dialect output. A key is a dialect name, or
 * name@version where a version follows a different vendor page revision; the plain name covers
 * every other version. Every rewritten dialect's output must also pass the MCP SDK 1.x client,
 * since it is served as a Tool's inputSchema. Where a vendor ships its own strict-mode code in its
 * SDK (openai-node, the Anthropic SDK), that code runs too (openai-sdk.ts, anthropic-sdk.ts).
 * `canonical` is the author's schema verbatim and is
 * judged by no checker (lead's decision, 09:56): clients that need the v1 shape ask for `flat`.
 */
import * as anthropicSdk from './anthropic-sdk.js';
import * as anthropicStrict from './anthropic-strict.js';
import * as bedrockStrict from './bedrock-strict.js';
import * as flat from './flat.js';
import * as geminiSchema from './gemini-schema.js';
import * as mcpClientV1 from './mcp-client-v1.js';
import * as nova from './nova.js';
import * as openaiSdk from './openai-sdk.js';
import * as openaiStrict from './openai-strict.js';
import * as openaiStrict202408 from './openai-strict-2024-08.js';
import type { Checker } from './walk.js';

export type { Checker } from './walk.js';
export { anthropicSdk, anthropicStrict, bedrockStrict, flat, geminiSchema, mcpClientV1, nova, openaiSdk, openaiStrict, openaiStrict202408 };

export const checkersByDialect: Readonly<Record<string, readonly Checker[]>> = {
  canonical: [],
  flat: [flat, mcpClientV1],
  nova: [nova, mcpClientV1],
  openai_strict: [openaiStrict, openaiSdk, mcpClientV1],
  'openai_strict@2024-08': [openaiStrict202408, openaiSdk, mcpClientV1],
  anthropic_strict: [anthropicStrict, anthropicSdk, mcpClientV1],
  bedrock_strict: [bedrockStrict, anthropicSdk, mcpClientV1],
  gemini: [geminiSchema, mcpClientV1],
};

/** The checkers for a dialect id ("openai_strict@2026-10" or "flat"); throws for a dialect not listed, so a new dialect cannot go unchecked. */
export function checkersFor(dialect: string): readonly Checker[] {
  const exact = checkersByDialect[dialect];
  if (exact) return exact;
  const plain = checkersByDialect[dialect.split('@')[0] as string];
  if (plain) return plain;
  throw new Error(`no conformance checkers are registered for dialect '${dialect}'`);
}

/** Every problem the dialect's checkers find, each prefixed with the checker's name. `at`: where the schema stands in the output ("/outputSchema", "/tools/0/inputSchema", "" for a bare schema). */
export function checkDialectOutput(dialect: string, schema: unknown, at = ''): string[] {
  const role = at.endsWith('/outputSchema') ? 'output' : 'input';
  return checkersFor(dialect).flatMap((checker) => checker.check(schema, role).map((p) => `${checker.name} ${p}`));
}
