/**
 * Every lint rule with its id, level and applicability. The SARIF formatter lists these as the
 * tool's rules, and docs/lint-rules.md describes the same ids.
 */
import type { Severity } from '../diagnostics.js';

export interface LintRuleInfo {
  id: string;
  /** RFC 2119 strength of the requirement the rule checks. */
  level: 'must' | 'should';
  /** Severities the rule can report. */
  severities: Severity[];
  applies: string;
  summary: string;
}

export const RULE = {
  toolShape: 'mcp.tool.shape',
  toolName: 'mcp.tool.name',
  toolNameUnique: 'mcp.tool.name.unique',
  protocolVersion: 'mcp.protocol-version.known',
  componentRef: 'mcp.component-ref.resolves',
  inputSchemaPresent: 'mcp.tool.input-schema.present',
  inputSchemaObjectRoot: 'mcp.tool.input-schema.object-root',
  outputSchemaObjectRoot: 'mcp.tool.output-schema.object-root',
  toolSchemaValid: 'json-schema.tool-schema.valid',
  openapiNullable: 'json-schema.tool-schema.openapi-nullable',
  judgeSize: 'json-schema.tool-schema.judge-size',
  judgeReads: 'json-schema.tool-schema.judge-reads',
  requiredRefused: 'json-schema.tool-schema.required-refused',
  acceptsNothing: 'json-schema.tool-schema.accepts-nothing',
  branchPropertyRefused: 'json-schema.tool-schema.branch-property-refused',
  keywordMisspelt: 'json-schema.tool-schema.keyword-misspelt',
  constrainsNothing: 'json-schema.tool-schema.constrains-nothing',
  legacySchemaShape: 'mcp.tool.legacy-schema.shape',
  examplesShape: 'mcp.tool.examples.shape',
  examplesValid: 'mcp.tool.examples.valid',
} as const;

export const LINT_RULES: readonly LintRuleInfo[] = [
  {
    id: RULE.toolSchemaValid,
    level: 'must',
    severities: ['error', 'warning'],
    applies: '2025-11-25, 2026-07-28 (before: a declared $schema is an error)',
    summary:
      'inputSchema and outputSchema are valid under their declared or default dialect (2020-12 or draft-07); local $refs resolve; external $refs are never fetched.',
  },
  {
    id: RULE.openapiNullable,
    level: 'should',
    severities: ['error', 'warning'],
    applies: 'all revisions',
    summary:
      'No OpenAPI `nullable: true`: without a `type` Ajv (the judge) cannot compile the schema (error); beside a type without "null" only Ajv reads it as adding null (warning).',
  },
  {
    id: RULE.judgeSize,
    level: 'must',
    severities: ['error'],
    applies: 'all revisions',
    summary:
      'A tool schema has at most 10000 JSON values: the judge compiles each one in a single step on the server\'s event loop (about 50 µs per value), so a larger one is refused at registration rather than stalling every other request at its first call.',
  },
  {
    id: RULE.judgeReads,
    level: 'must',
    severities: ['error'],
    applies: 'all revisions',
    summary:
      'The judge applies the schema as JSON Schema defines it: no unevaluatedItems beside a contains or a union whose branches differ in holding items/prefixItems, no unevaluatedProperties after an if its validator misreads or beside a union whose branches differ in holding patternProperties, no $dynamicRef in a document of several resources. Its validator (Ajv) reads those otherwise, so calls would be judged against another schema.',
  },
  {
    id: RULE.requiredRefused,
    level: 'should',
    severities: ['warning'],
    applies: 'all revisions',
    summary: 'No property is required and refused at once (a false property schema, or additionalProperties: false for an undeclared name, an allOf branch\'s required name included): such a schema accepts no object.',
  },
  {
    id: RULE.branchPropertyRefused,
    level: 'should',
    severities: ['warning'],
    applies: 'all revisions',
    summary: 'No property declared or required in an allOf/anyOf/oneOf branch, then, else, a dependentSchemas entry or a local $ref among them, where the additionalProperties beside them refuses it: additionalProperties sees only the properties declared beside it (use unevaluatedProperties).',
  },
  {
    id: RULE.keywordMisspelt,
    level: 'should',
    severities: ['warning'],
    applies: 'all revisions',
    summary: 'No key of a schema lies within two edits of a keyword it is not (propertes, requried, maxlength): JSON Schema ignores it, so its rule constrains nothing.',
  },
  {
    id: RULE.constrainsNothing,
    level: 'should',
    severities: ['warning'],
    applies: 'all revisions',
    summary: 'No keyword that constrains nothing where it stands: a keyword for values of another type, then or else without if, if without then or else, minContains or maxContains without contains, a format near a known one it is not, a required name that differs from a declared one only in case.',
  },
  {
    id: RULE.acceptsNothing,
    level: 'should',
    severities: ['warning'],
    applies: 'all revisions',
    summary: 'No schema that accepts nothing by accident: a crossed range (minimum/maximum and their exclusive forms, no integer between the bounds of an integer, minLength/maxLength, minItems/maxItems, minProperties/maxProperties, minContains/maxContains), types of a schema and its allOf branches with no value in common, a const outside the enum beside it, or a type that admits none of the enum or const values; bounds crossing through allOf, a multipleOf with no multiple in range, enum or const values outside the schema\'s own rules, a closed tuple shorter than minItems, contains beside items of other types, two oneOf branches the same.',
  },
  {
    id: RULE.toolName,
    level: 'should',
    severities: ['warning'],
    applies: '2025-11-25, 2026-07-28',
    summary:
      'A tool name is 1 to 128 characters, each an ASCII letter, digit, underscore, hyphen or dot (no spaces, slashes or other characters): clients and model APIs refuse other names, and a dialect whose reader takes fewer characters leaves the tool out of its list.',
  },
  {
    id: RULE.toolNameUnique,
    level: 'should',
    severities: ['warning'],
    applies: '2025-11-25, 2026-07-28',
    summary: 'No two tools of one list share a name: a call names its tool, so only one of them can be called.',
  },
  {
    id: RULE.inputSchemaPresent,
    level: 'must',
    severities: ['error'],
    applies: 'all revisions',
    summary: 'A tool has an inputSchema.',
  },
  {
    id: RULE.inputSchemaObjectRoot,
    level: 'must',
    severities: ['error'],
    applies: 'all revisions',
    summary: 'An inputSchema is a JSON object whose root declares type "object".',
  },
  {
    id: RULE.outputSchemaObjectRoot,
    level: 'must',
    severities: ['error'],
    applies: '2025-06-18, 2025-11-25',
    summary: 'An outputSchema root declares type "object" (any root is allowed from 2026-07-28).',
  },
  {
    id: RULE.legacySchemaShape,
    level: 'must',
    severities: ['error', 'warning'],
    applies: '2024-11-05, 2025-03-26, 2025-06-18',
    summary:
      'Before embedded dialects: schemas have the shape the revision defines (properties of objects, required as strings, no outputSchema before 2025-06-18); older-draft idioms are warned.',
  },
  {
    id: RULE.examplesShape,
    level: 'must',
    severities: ['error'],
    applies: 'all revisions (MCP Description documents)',
    summary: 'A tool\'s examples map is non-empty and each example has an object input and an object result.',
  },
  {
    id: RULE.examplesValid,
    level: 'must',
    severities: ['error', 'warning'],
    applies: 'all revisions (MCP Description documents)',
    summary:
      'Each example input validates against inputSchema and each structuredContent against outputSchema; partial checks are warned.',
  },
  {
    id: RULE.toolShape,
    level: 'must',
    severities: ['error'],
    applies: 'all revisions',
    summary: 'The input is a tool, a list of tools, a tools/list result or an MCP Description, and each tool is an object with a string name.',
  },
  {
    id: RULE.protocolVersion,
    level: 'must',
    severities: ['error', 'warning'],
    applies: 'MCP Description documents',
    summary: 'protocolVersions name revisions the linter knows; tools under an unknown revision are not checked for it.',
  },
  {
    id: RULE.componentRef,
    level: 'must',
    severities: ['error'],
    applies: 'MCP Description documents',
    summary: 'A $componentRef standing for a tool schema or example points to an existing component, without a cycle.',
  },
];

/** The ids of the rules that only ever warn: what `lintTools(x, {rules: 'warnings'})` runs. */
export const WARNING_ONLY_RULES: readonly string[] = LINT_RULES.filter((r) => !r.severities.includes('error')).map((r) => r.id);
