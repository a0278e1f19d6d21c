/**
 * The rule-file format, defined once (docs/rule-format.md). Every object is strict so that a typo in
 * a rule file is refused rather than silently ignored. Every field carries a `.describe()` sentence,
 * taken from docs/rule-format.md: the JSON Schema export gives editors nothing else to show while a
 * user types a rule file (a test fails on a field without one). Describing adds metadata only.
 */
import { z } from 'zod';

const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const dialectName = /^[a-z][a-z0-9_]*$/;
const versionPattern = /^\d{4}-\d{2}(-\d{2})?$/;
/** A pin of another file by name and version: `name@YYYY-MM`. */
const pinPattern = /^[a-z][a-z0-9_-]*@\d{4}-\d{2}(-\d{2})?$/;

const keyword = z.string().min(1);
const keywordList = z.array(keyword).min(1);

export const SourceSchema = z.strictObject({
  url: z.url().describe('The address of the vendor page the rules follow.'),
  title: z.string().min(1).describe("The page's title, as `dialects list` and the reference pages show it."),
  read: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'read must be a date YYYY-MM-DD').describe('The date the page was read, YYYY-MM-DD (e.g. 2026-10-08).'),
});

export const ConditionSchema = z.strictObject({
  max: z.number().optional().describe('Holds when the value is a number at most this one.'),
  min: z.number().optional().describe('Holds when the value is a number at least this one.'),
  in: z.array(z.unknown()).optional().describe('Holds when the value is one of these, e.g. `{in: [date-time, date]}`.'),
  notMatching: z.array(z.string()).optional().describe('Holds when the value is a string that matches none of these regular expressions.'),
  valuesOfType: z
    .array(z.enum(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']))
    .optional()
    .describe("Holds when every value (each value of an enum, a const's one value) is of one of these types, e.g. `[string]`."),
  nonEmpty: z.literal(true).optional().describe('`true`: holds when the value is not empty (an array or object with entries, a string other than "").'),
  nodeTypes: z
    .array(z.enum(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']))
    .min(1)
    .optional()
    .describe("Tests the node, not the keyword's value: holds when the node's own `type` is one of these, or a type array whose non-null types are all listed (e.g. `[integer]`: bounds kept on integers only). A node with no type fails it."),
});

/** The keywords a rule may derive from the schema, and from what (docs/rule-format.md, derive). */
export const DERIVATIONS = ['property-keys'] as const;

export const UnionBranchesSchema = z.strictObject({
  move: z
    .array(z.enum(['properties', 'required', 'additionalProperties']))
    .min(1)
    .describe('The parent keywords moved into each anyOf / oneOf branch, so no node mixes them with a union, e.g. `[properties, required]`.'),
  shared: z
    .enum(['values'])
    .optional()
    .describe("`values`: a property the parent and a branch both declare, the branch pinning it to values the parent admits (parent `enum`, branch `const`: a discriminator), is spelled with the branch's values. Without it such a node is kept as authored and reported."),
});

export const ReferencesSchema = z.strictObject({
  // Required, except in a rule that merges into an inherited one (checked on the rule).
  mode: z
    .enum(['keep', 'inline'])
    .optional()
    .describe('`keep`: every local reference is re-spelled as refKeyword: refPrefix + name, and the definitions gathered under definitionsKeyword. `inline`: each reference is replaced by its target. Required unless the rule merges.'),
  cycles: z
    .enum(['keep', 'break'])
    .default('keep')
    .describe('`keep` (default) leaves cycles as references; `break` cuts a cycle where it re-enters: the reference becomes a stub with its type, title and the cycle sentence.'),
  definitionsKeyword: z.string().min(1).default('$defs').describe('The keyword definitions are gathered under with mode: keep (default `$defs`).'),
  refKeyword: z.string().min(1).default('$ref').describe('The keyword a reference is spelled with (default `$ref`).'),
  refPrefix: z
    .string()
    .startsWith('#')
    .default('#/$defs/')
    .describe("What comes before a definition's name in a reference (default `#/$defs/`); with mode: keep it must lead into definitionsKeyword."),
  siblings: z
    .enum(['keep', 'wrap-anyof', 'merge', 'describe'])
    .default('keep')
    .describe('A reference with other keys beside it: `keep` (default) as written, `wrap-anyof` as `{anyOf: [{ref}], other keys}`, `merge` inlined and merged with them, `describe` kept beside it only where keptBeside names them, every other rule dropped with its sentence.'),
  keptBeside: keywordList
    .optional()
    .describe('With siblings: describe, the keywords a reader keeps beside a reference, e.g. `[description]`; every other rule there is dropped with its sentence.'),
  // A cycle the caller can stop (an optional way out on every re-entry) needs no cut.
  keepCyclesThrough: z
    .array(z.enum(['optional-property', 'optional-items']))
    .min(1)
    .optional()
    .describe("With cycles: break, a cycle whose every re-entry passes one of these ways out is kept as a reference: `optional-property` (a property not in its object's required), `optional-items` (the items of an array whose minItems is 0 or absent)."),
  // 0: the stub stands at the first re-entry. Bounded, since each level copies the definition again;
  // the dialect's limits are still checked.
  unroll: z
    .int()
    .min(0)
    .max(6)
    .optional()
    .describe('With cycles: break, how many more times (0 to 6) a cycle is inlined before its stub, so a structure that many levels deeper still fits the spelling.'),
  // `drop` is for a vendor that counts every definition against its limits; root definitions keep
  // their own names either way.
  unreferenced: z
    .enum(['keep', 'drop'])
    .default('keep')
    .describe('With mode: keep, a root definition no reference from the root leads to: `keep` (default) spells it anyway, `drop` leaves it out with an info diagnostic naming it.'),
});

export const ObjectsSchema = z.strictObject({
  closed: z
    .enum(['all', 'as-authored', 'never'])
    .default('as-authored')
    .describe('`all` adds `additionalProperties: false` to every object; `as-authored` (default) leaves each closure as written; `never` drops it, with its note.'),
  optional: z
    .enum(['keep', 'required-nullable'])
    .default('keep')
    .describe("`keep` (default), or `required-nullable`: every property is listed in required, and each optional one made nullable in the dialect's spelling."),
  maps: z
    .enum(['keep', 'close-and-report'])
    .default('keep')
    .describe('`keep` (default), or `close-and-report`: an object that accepts other properties (a map) is closed too, its rule said in the description, with a map-closed warning.'),
});

export const RootSchema = z.strictObject({
  type: z.literal('object').optional().describe('`object`: the root must be an object schema; a root whose keywords only constrain objects is given `type: object`, any other is an error.'),
  unions: z
    .enum(['allow', 'forbid', 'merge-objects'])
    .default('allow')
    .describe('A root anyOf / oneOf: `allow` (default); `forbid` reports it as a root-union error; `merge-objects` spells a union of objects as one object with every property, with the root-union sentence.'),
  keywords: keywordList.optional().describe('The root allowlist: any other keyword at the root is dropped, e.g. `[type, properties, required]`.'),
});

export const LimitsSchema = z.strictObject({
  properties: z.int().positive().optional().describe('The most property names in one schema: every properties object counted, definitions included.'),
  depth: z.int().positive().optional().describe('The most object levels: the root object is 1, and each definition starts at 1 again.'),
  enumValues: z.int().positive().optional().describe('The most enum values in one schema, all enums together.'),
  totalStringLength: z.int().positive().optional().describe('The most characters of property names, definition names, enum and const values in one schema, together.'),
  largeEnum: z
    .strictObject({
      over: z.int().nonnegative().describe('The number of values past which a string enum counts as large.'),
      maxChars: z.int().positive().describe('The most characters the values of a large string enum may have together.'),
    })
    .optional()
    .describe('A string enum of more than `over` values may total at most `maxChars` characters, e.g. `{over: 250, maxChars: 7500}`.'),
  optionalProperties: z.int().nonnegative().optional().describe("The most properties not listed in their object's required."),
  unionProperties: z.int().nonnegative().optional().describe('The most properties whose schema has anyOf / oneOf or several types.'),
  tools: z.int().positive().optional().describe('The most tools one request may carry: a tools/list with more gets a warning (a client may send fewer per request).'),
  summed: z
    .array(z.enum(['optionalProperties', 'unionProperties']))
    .min(1)
    .optional()
    .describe('The limits that hold for a whole request, summed over the tools it carries: over a tools/list they are also checked on the sum, as a warning.'),
});

export const AnyValueSchema = z.strictObject({
  // Required unless the rule merges (checked on the rule).
  spell: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('The schema written for a value whose schema says nothing of its type (with the any-value sentence), e.g. `{anyOf: [{type: string}, {type: number}]}`; a valid 2020-12 schema. Required unless the rule merges.'),
  inferFromEnum: z.boolean().default(false).describe('`true`: a typeless enum or const takes the type all its values share instead of the spell.'),
  enumAlone: z
    .boolean()
    .default(false)
    .describe('`true`: a typeless enum or const whose values share no type stays without one (its values say what is accepted), for a reader that reads enum and const untyped; `false` spells the types of its values as a union.'),
  fillItems: z.boolean().default(false).describe('`true`: an array with no items schema gets the spell as its items.'),
  // Emitted wherever the spell's reference is written (another name if the author's definitions hold it).
  defineAs: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
    .optional()
    .describe('The spell is also a definition of this name, which it may reference (refPrefix + name) to say "any value" inside itself, e.g. arrays of any value. Needs a references rule with mode: keep.'),
});

/** The action keys; a rule carries exactly one of them. */
export const ACTIONS = [
  'references',
  'booleanSchemas',
  'keep',
  'drop',
  'keepWhen',
  'rename',
  'nulls',
  'typeArrays',
  'allOf',
  'constAsEnum',
  'objects',
  'root',
  'propertyNames',
  'toolNames',
  'limits',
  'anyValue',
  'derive',
  'nullInEnum',
  'unionBranches',
  'outputSchema',
] as const;
export type ActionName = (typeof ACTIONS)[number];

/** The pattern every `what` name must match (propertyNames, toolNames). */
function namePattern(what: string, example: string) {
  return z.strictObject({ pattern: z.string().min(1).describe(`A regular expression every ${what} name must match, e.g. \`${example}\`.`) });
}

export const RuleSchema = z
  .strictObject({
    id: z.string().regex(kebab, 'id must be kebab-case').describe('The rule\'s name, kebab-case, unique in the file. In an extending file, the id of an inherited rule replaces that rule in place.'),
    source: z.string().min(1).describe('The id of the entry in `sources` (the vendor page) this rule follows.'),
    merge: z.literal(true).optional().describe('`true`, in an extending file: change the inherited rule with this id key by key, rather than replace it.'),
    description: z.string().optional().describe('Why the rule is there, in one line.'),
    scope: z
      .enum(['all', 'root', 'below-root'])
      .default('all')
      .describe('Where a keep, drop, keepWhen, rename, derive or propertyNames rule applies: `all` (default), `root` or `below-root`.'),
    given: z
      .string()
      .startsWith('$')
      .optional()
      .describe("For keep, drop, keepWhen and rename only: a JSONPath (jsonpath-plus syntax) selecting the nodes the rule applies to, e.g. `$..[?(@.type === 'integer')]`."),
    givenNode: z
      .enum(['authored', 'spelled'])
      .optional()
      .describe('Which node `given` is matched against: `authored` (default), the node as the author wrote it, or `spelled`, the node as the walk spells it (then `given` is one `$..[?(...)]` filter).'),
    references: ReferencesSchema.optional().describe('Action: how `$ref` references are spelled: kept under one prefix, or inlined, and what becomes of cycles.'),
    booleanSchemas: z
      .enum(['as-objects', 'keep'])
      .optional()
      .describe('Action: `as-objects` writes a `true` schema as `{}` and `false` as `{not: {}}` wherever a schema stands (except a false closure); `keep` leaves them.'),
    keep: keywordList.optional().describe('Action: the keywords this dialect spells as they are, e.g. `[type, properties, required, enum]`.'),
    drop: keywordList.optional().describe("Action: the keywords this dialect removes; each one's note, if any, carries its rule into the description."),
    keepWhen: z
      .record(keyword, ConditionSchema.describe('The conditions under which the keyword is kept; all those given must hold.'))
      .optional()
      .describe('Action: `{keyword: condition}`: the keyword is kept where its condition holds and dropped with its note elsewhere, e.g. `format: {in: [date-time, date]}`.'),
    rename: z
      .record(keyword, keyword)
      .optional()
      .describe('Action: `{from: to}` keyword spelling changes, e.g. `{oneOf: anyOf}`; between two JSON Schema keywords only a rename that accepts the same values (or more, with noteOnRename) is accepted.'),
    noteOnRename: z.boolean().optional().describe('With rename: also write the renamed keyword\'s note (oneOf to anyOf loses "exactly one").'),
    nulls: z.enum(['type-array', 'any-of', 'nullable-flag']).optional().describe('Action: how "or null" is spelled: `type-array`, `any-of` or `nullable-flag`.'),
    typeArrays: z
      .enum(['keep', 'any-of', 'any-of-only'])
      .optional()
      .describe('Action: a type array with several non-null types: `keep`, `any-of` (an anyOf of one type each), or `any-of-only` (as any-of, and no type stands beside anyOf).'),
    allOf: z
      .enum(['keep', 'merge', 'merge-deep'])
      .optional()
      .describe('Action: `keep`, `merge` (branches merged into the parent where no keyword conflicts) or `merge-deep` (as merge, and a property both sides declare is merged in turn).'),
    constAsEnum: z.literal(true).optional().describe("Action: `true`: `const: x` is read as `enum: [x]` before the keyword policies, so enum's policy judges it."),
    objects: ObjectsSchema.optional().describe('Action: how objects are closed, how optional properties are spelled, and what becomes of maps.'),
    root: RootSchema.optional().describe("Action: what the root schema may be: its type, its unions, the keywords it keeps."),
    propertyNames: namePattern('property', '^[A-Za-z_][A-Za-z0-9_]{0,63}$')
      .optional()
      .describe('Action: a property name that does not match `pattern` is reported (never renamed); honours scope.'),
    toolNames: namePattern('tool', '^[a-zA-Z0-9_-]{1,64}$')
      .optional()
      .describe('Action: a tool whose name does not match `pattern` is reported as tool-name-rejected (never renamed: callers call it by that name).'),
    limits: LimitsSchema.optional().describe('Action: size limits counted on the spelled output, each one past is a limit-exceeded error.'),
    anyValue: AnyValueSchema.optional().describe('Action: what a schema that says nothing of its type becomes: the type its keywords imply, else the spell.'),
    derive: z
      .record(keyword, z.enum(DERIVATIONS).describe('`property-keys`: the keys of the spelled properties, in the author\'s order.'))
      .optional()
      .describe('Action: `{keyword: derivation}`: writes a keyword the schema implies, e.g. `{propertyOrdering: property-keys}`; honours scope.'),
    nullInEnum: z
      .literal('drop-when-typed')
      .optional()
      .describe('Action: `drop-when-typed`: where the node\'s type admits null and its enum lists null beside other values, null leaves the enum, with the enum-null sentence.'),
    unionBranches: UnionBranchesSchema.optional().describe('Action: keywords beside anyOf / oneOf are moved into each branch, e.g. `{move: [properties, required]}`.'),
    // `as-authored` is for a vendor whose tool definition has no field for a result schema: its only
    // reader is a client validating results, which must accept every result the server sends.
    outputSchema: z
      .enum(['spell', 'as-authored'])
      .optional()
      .describe("Action: how a tool's outputSchema is published: `spell` (default) like its inputSchema, or `as-authored`, unchanged."),
  })
  .superRefine((rule, ctx) => {
    const present = ACTIONS.filter((a) => rule[a] !== undefined);
    if (present.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message:
          present.length === 0
            ? `a rule needs exactly one action (one of: ${ACTIONS.join(', ')})`
            : `a rule has exactly one action, this one has ${present.length}: ${present.join(', ')}`,
      });
    }
    const keywordAction = rule.keep !== undefined || rule.drop !== undefined || rule.keepWhen !== undefined || rule.rename !== undefined;
    if (rule.given !== undefined && !keywordAction) {
      ctx.addIssue({ code: 'custom', path: ['given'], message: 'given selects nodes for keep, drop, keepWhen and rename rules only' });
    }
    if (rule.merge !== true) {
      if (rule.references !== undefined && rule.references.mode === undefined) ctx.addIssue({ code: 'custom', path: ['references', 'mode'], message: 'missing field "mode" in references (keep or inline)' });
      // It would act on nothing beside any other siblings mode.
      if (rule.references?.keptBeside !== undefined && rule.references.siblings !== 'describe') ctx.addIssue({ code: 'custom', path: ['references', 'keptBeside'], message: 'keptBeside goes with siblings: describe' });
      if (rule.anyValue !== undefined && rule.anyValue.spell === undefined) ctx.addIssue({ code: 'custom', path: ['anyValue', 'spell'], message: 'missing field "spell" in anyValue' });
    }
    if (rule.givenNode !== undefined && rule.given === undefined) {
      ctx.addIssue({ code: 'custom', path: ['givenNode'], message: 'givenNode goes with a given expression' });
    }
    if (rule.scope !== 'all' && !keywordAction && rule.propertyNames === undefined && rule.derive === undefined) {
      ctx.addIssue({ code: 'custom', path: ['scope'], message: 'scope applies to keep, drop, keepWhen, rename, derive and propertyNames rules only' });
    }
    if (rule.noteOnRename !== undefined && rule.rename === undefined) {
      ctx.addIssue({ code: 'custom', path: ['noteOnRename'], message: 'noteOnRename only goes with a rename action' });
    }
  })
  .describe('One rule: id, source, optional description, merge, scope, given and givenNode, and exactly one action key.');

/**
 * The names each event's sentence is filled from (the walk's NoteEvent vars; root-union's count is
 * filled in walk-root.ts). Any other name would reach a description as written.
 */
const EVENT_VARS: Readonly<Record<string, readonly string[]>> = {
  cycle: ['name', 'label'],
  'cycle-unrolled': ['name', 'label', 'depth'],
  'external-ref': ['ref'],
  'false-schema': [],
  'false-property': ['name'],
  'root-union': ['count'],
  'any-value': [],
  'enum-null': [],
  'null-only': [],
  'evaluated-where': ['names', 'count', 'quoted'],
};

export const NoteSchema = z
  .strictObject({
    keywords: keywordList
      .optional()
      .describe('The keywords this sentence stands for: it is written where all of them are dropped from one node, e.g. `[minimum, maximum]`. A note has keywords or an event.'),
    event: z
      .enum(Object.keys(EVENT_VARS) as [string, ...string[]])
      .optional()
      .describe('A sentence for an event rather than keywords, e.g. `cycle` (fills {name} and {label}) or `any-value`.'),
    when: z.record(keyword, z.unknown()).optional().describe('Only for these values, e.g. `{format: date}`; a when note goes before the general note of its keyword.'),
    equal: keywordList
      .optional()
      .describe('Only where these of its keywords hold one value: `[minItems, maxItems]` both 2 read "Exactly 2 items." rather than "Between 2 and 2 items.".'),
    last: z
      .literal(true)
      .optional()
      .describe('`true`: said after the node\'s other note sentences, whatever the order in the file (a closure after the pattern sentences it leaves open).'),
    text: z
      .string()
      .min(1)
      .describe('The sentence: `{keyword}` is the dropped value, `{keyword|singular|plural}` the value with the noun that agrees, e.g. "At most {maxLength|character|characters}.".'),
    words: z
      .string()
      .min(1)
      .optional()
      .describe("The same sentence in plain words, tried before text: `{keyword:form}` renders a dropped subschema with the sentence file's vocabulary (forms: value, typed, item, condition, clause, condition-typed, clause-typed, alternatives, key, positions, pattern, one, json)."),
  })
  .superRefine((note, ctx) => {
    if ((note.keywords === undefined) === (note.event === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'a note has either keywords or an event, not both and not neither' });
    }
    if (note.words !== undefined && note.keywords === undefined) {
      ctx.addIssue({ code: 'custom', path: ['words'], message: 'words goes with a keyword note, not an event' });
    }
    if (note.equal !== undefined) {
      if (note.equal.length < 2) ctx.addIssue({ code: 'custom', path: ['equal'], message: 'equal compares the values of two or more keywords' });
      for (const k of note.equal) {
        if (!(note.keywords ?? []).includes(k)) ctx.addIssue({ code: 'custom', path: ['equal'], message: `equal names ${k}, which is not one of this note's keywords` });
      }
    }
    if (note.event !== undefined) {
      const vars = EVENT_VARS[note.event] ?? [];
      for (const m of note.text.matchAll(/\{([A-Za-z$][\w$-]*)(?::[a-z-]+)?(?:\|[^|{}]*\|[^|{}]*)?\}/g)) {
        if (!vars.includes(m[1] as string)) ctx.addIssue({ code: 'custom', path: ['text'], message: `{${m[1]}} is not filled for the ${note.event} event (${vars.length === 0 ? 'it fills none' : vars.map((v) => `{${v}}`).join(', ')}), so it would be written into descriptions as it stands` });
      }
    }
    // A keyword note is filled from its keywords' values: any other name would reach a description as written.
    if (note.keywords !== undefined) {
      const known = new Set([...note.keywords, ...Object.keys(note.when ?? {})]);
      for (const field of ['text', 'words'] as const) {
        for (const m of (note[field] ?? '').matchAll(/\{([A-Za-z$][\w$-]*)(?::[a-z-]+)?(?:\|[^|{}]*\|[^|{}]*)?\}/g)) {
          if (!known.has(m[1] as string)) ctx.addIssue({ code: 'custom', path: [field], message: `{${m[1]}} is not one of this note's keywords (${note.keywords.join(', ')}), so it would be written into descriptions as it stands` });
        }
      }
    }
  })
  .describe('One sentence: what the description says where the dialect drops its keywords, or where an event happens.');

const TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'] as const;

/** One phrase of `vocabulary.rules`: `{keyword}`, `{keyword|singular|plural}` and `{keyword:value}` (a subschema as a noun) name its own keywords only. */
const NounRuleSchema = z
  .strictObject({
    keywords: keywordList.describe('The keywords this phrase words; it is tried where the subschema has all of them, e.g. `[minLength, maxLength]`.'),
    when: z.record(keyword, z.unknown()).optional().describe('Only for these values, e.g. `{format: date}`.'),
    text: z
      .string()
      .min(1)
      .describe('The phrase: `{keyword}`, `{keyword|singular|plural}` or `{keyword:value}` of its own keywords, e.g. "{minLength} to {maxLength|character|characters}".'),
  })
  .superRefine((rule, ctx) => {
    for (const m of rule.text.matchAll(/\{([^{}|:]+)(:[^{}|]*)?(?:\|[^{}]*)?\}/g)) {
      if (m[2] !== undefined && m[2] !== ':value') ctx.addIssue({ code: 'custom', path: ['text'], message: `{${m[1]}${m[2]}}: a rule phrase renders its keywords' values, or a subschema as a noun ({keyword:value}); other forms belong to a note's words` });
      else if (!rule.keywords.includes(m[1] as string)) ctx.addIssue({ code: 'custom', path: ['text'], message: `{${m[1]}} is not one of this phrase's keywords (${rule.keywords.join(', ')})` });
    }
    for (const k of Object.keys(rule.when ?? {})) {
      if (!rule.keywords.includes(k)) ctx.addIssue({ code: 'custom', path: ['when', k], message: `when names ${k}, which is not one of this phrase's keywords` });
    }
  });

/**
 * The words a `words` sentence is built from (docs/rule-format.md, Sentences in words). Each is a
 * small template: `{value}` a subschema as a noun ("a string", "\"US\"", "one of 1, 2"), `{name}` a
 * property name, `{names}` a list of names, `{values}` a list of JSON values.
 */
export const VocabularySchema = z.strictObject({
  types: z
    .partialRecord(z.enum(TYPE_NAMES), z.string().min(1).describe('The noun of this type, e.g. "a string".'))
    .optional()
    .describe('The noun of each type, e.g. `{string: a string, integer: an integer, boolean: true or false}`.'),
  enum: z.string().min(1).optional().describe('An enum as a noun, e.g. "one of {values}".'),
  or: z.string().min(1).optional().describe('Between the nouns of a type list, e.g. " or " ("a string or null").'),
  and: z.string().min(1).optional().describe('Between clauses, and before the last name of a list, e.g. " and " ("a and b").'),
  list: z.string().min(1).optional().describe('Between the other names of a list, and between positions, e.g. ", " ("a, b and c").'),
  orClauses: z
    .string()
    .min(1)
    .optional()
    .describe('Between alternatives of which one is itself joined by `and`, e.g. "; or " ("a is required and a must be a string; or b is required"); default: `or`.'),
  required: z.string().min(1).optional().describe('A clause requiring one property, e.g. "{names} is required".'),
  requiredMany: z.string().min(1).optional().describe('A clause requiring several properties, e.g. "{names} are required".'),
  mustBe: z.string().min(1).optional().describe('The value of a property a consequence also requires, e.g. "{name} must be {value}".'),
  mayBe: z.string().min(1).optional().describe('The value of a property that may be left out, e.g. "{name}, if sent, must be {value}".'),
  is: z.string().min(1).optional().describe('A condition on a required property\'s value, e.g. "{name} is {value}".'),
  isOrAbsent: z.string().min(1).optional().describe('A condition on an optional property\'s value (absent also matches), e.g. "{name} is {value} or is not sent".'),
  isSent: z.string().min(1).optional().describe('A condition that a property is sent, e.g. "{name} is sent".'),
  first: z.string().min(1).optional().describe('The first item by position, e.g. "first {value}".'),
  next: z.string().min(1).optional().describe('Each next item by position, e.g. "then {value}".'),
  ruled: z.string().min(1).optional().describe('A noun with the rules beside its type, e.g. "{value} ({rules})" ("a string (at most 3 characters)").'),
  // A subschema with a keyword no phrase takes has no wording: its sentence is the note's JSON `text`.
  rules: z
    .array(NounRuleSchema.describe('One phrase: the words for some keywords beside a type.'))
    .min(1)
    .optional()
    .describe('The phrase of each rule a noun may carry beside its type, tried in order: the first whose keywords the subschema has (and whose when matches) words them.'),
  // The author's words are kept as written; after a description that ends in whitespace the
  // sentences follow with no space.
  authorStop: z
    .string()
    .min(1)
    .max(3)
    .optional()
    .describe('Written after an author\'s description that ends no sentence, before the sentences that follow it, e.g. "." ("The user name." + " At least 1 character."). Without it the sentences follow after a space.'),
});

export const RuleFileSchema = z.strictObject({
  dialect: z.string().regex(dialectName, 'dialect must match [a-z][a-z0-9_]*').describe('The dialect\'s name, [a-z][a-z0-9_]*; it must match the file name <name>@<version>.yaml.'),
  version: z
    .string()
    .regex(versionPattern, 'version must be YYYY-MM or YYYY-MM-DD')
    .describe('YYYY-MM or YYYY-MM-DD, quoted (version: "2026-12"); it must match the file name. Versions sort as strings.'),
  status: z
    .enum(['draft', 'frozen'])
    .describe('`draft` or `frozen`. A frozen version\'s pinned outputs never change, and it extends only a frozen version; the plain name means the newest frozen version.'),
  summary: z.string().min(1).describe('One line: the reader this dialect is for.'),
  extends: z
    .string()
    .regex(/^[a-z][a-z0-9_]*@\d{4}-\d{2}(-\d{2})?$/, 'extends must pin a dialect as name@version')
    .nullable()
    .optional()
    .describe('Another dialect pinned as name@version, whose rules, notes, limits and sources this one inherits; a rule with the same id replaces the inherited one. null or absent: none.'),
  sources: z
    .record(z.string().regex(kebab, 'a source id must be kebab-case'), SourceSchema.describe('One vendor page: its url, title and the date it was read.'))
    .describe('The vendor pages the rules follow, by kebab-case id; every rule names one in its `source`.'),
  sentences: z
    .string()
    .regex(pinPattern, 'sentences must pin a sentence file as name@version')
    .optional()
    .describe('The sentence file this dialect\'s notes start from, name@version (sentences/<name>@<version>.yaml), e.g. `standard@2026-12-08`: its notes say each dropped keyword in words, per format too ("Must be an email address.").'),
  otherKeywords: z.enum(['keep', 'drop']).optional().describe('What becomes of a keyword no rule mentions: `keep` or `drop`.'),
  // Any other unknown keyword is refused as a typo (rules/keyword-names.ts).
  extensionKeywords: z
    .array(keyword)
    .min(1)
    .optional()
    .describe("The vendor's own keywords, beyond JSON Schema, OpenAPI 3.0 and `x-` extensions, that the file's rules and notes may name (a keyword a rule derives needs no entry)."),
  notes: z
    .array(NoteSchema)
    .default([])
    .describe('This dialect\'s own sentences, over those of its sentence file: a note with the same keywords and when (or event) replaces that sentence in place; any other goes before the inherited ones.'),
  rules: z.array(RuleSchema).default([]).describe('The rules, applied in pass order and in file order within a pass; each has an id, a source and exactly one action.'),
});

/**
 * A sentence file (`<dir>/sentences/<name>@<version>.yaml`): the wording shared by the dialects
 * that name it, so a vendor file holds only its rules and sources.
 */
export const SentenceFileSchema = z.strictObject({
  sentences: z
    .string()
    .regex(/^[a-z][a-z0-9_-]*$/, 'a sentence file name must match [a-z][a-z0-9_-]*')
    .describe('The sentence file\'s name, [a-z][a-z0-9_-]*; with version, it must match the file name <name>@<version>.yaml.'),
  version: z.string().regex(versionPattern, 'version must be YYYY-MM or YYYY-MM-DD').describe('YYYY-MM or YYYY-MM-DD, quoted; it must match the file name.'),
  summary: z.string().min(1).describe('One line: what this wording is.'),
  extends: z
    .string()
    .regex(pinPattern, 'extends must pin a sentence file as name@version')
    .nullable()
    .optional()
    .describe('Another sentence file, name@version, whose notes and vocabulary are the base. null or absent: none.'),
  vocabulary: VocabularySchema.optional().describe('The words `words` sentences are built from, merged key by key over the file it extends.'),
  notes: z
    .array(NoteSchema)
    .default([])
    .describe('The sentences, as in a rule file: multi-keyword notes before the single-keyword notes they combine, when notes before the general note of the same keyword.'),
});

export type RuleFile = z.infer<typeof RuleFileSchema>;
export type SentenceFile = z.infer<typeof SentenceFileSchema>;
export type Rule = z.infer<typeof RuleSchema>;
export type Note = z.infer<typeof NoteSchema>;
export type Vocabulary = z.infer<typeof VocabularySchema>;
export type Condition = z.infer<typeof ConditionSchema>;
export type ReferencesRule = z.infer<typeof ReferencesSchema>;
export type ObjectsRule = z.infer<typeof ObjectsSchema>;
export type RootRule = z.infer<typeof RootSchema>;
export type LimitsRule = z.infer<typeof LimitsSchema>;
export type AnyValueRule = z.infer<typeof AnyValueSchema>;
export type Derivation = (typeof DERIVATIONS)[number];

/** The JSON Schema export for editors; the exactly-one-action rule is spelled with oneOf. */
export function ruleFileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(RuleFileSchema, {
    io: 'input',
    target: 'draft-2020-12',
    override: (ctx) => {
      if (ctx.zodSchema === RuleSchema) {
        ctx.jsonSchema.oneOf = ACTIONS.map((a) => ({ required: [a] }));
      } else if (ctx.zodSchema === NoteSchema) {
        ctx.jsonSchema.oneOf = [{ required: ['keywords'] }, { required: ['event'] }];
      }
    },
  }) as Record<string, unknown>;
  return {
    ...schema,
    title: 'schema-dialects rule file',
    description: 'One dialect version: dialects/<name>@<version>.yaml. Format: docs/rule-format.md, shipped in @redouble/dialects-cli (node_modules/@redouble/dialects-cli/docs/rule-format.md).',
  };
}

/** The JSON Schema export of the sentence-file format, for editors. */
export function sentenceFileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(SentenceFileSchema, {
    io: 'input',
    target: 'draft-2020-12',
    override: (ctx) => {
      if (ctx.zodSchema === NoteSchema) ctx.jsonSchema.oneOf = [{ required: ['keywords'] }, { required: ['event'] }];
    },
  }) as Record<string, unknown>;
  return {
    ...schema,
    title: 'schema-dialects sentence file',
    description: 'Shared wording: dialects/sentences/<name>@<version>.yaml. Format: docs/rule-format.md, shipped in @redouble/dialects-cli (node_modules/@redouble/dialects-cli/docs/rule-format.md).',
  };
}

/** The committed text of dialects/rule-file.schema.json. */
export function ruleFileJsonSchemaText(): string {
  return `${JSON.stringify(ruleFileJsonSchema(), null, 2)}\n`;
}

/** The committed text of dialects/sentence-file.schema.json. */
export function sentenceFileJsonSchemaText(): string {
  return `${JSON.stringify(sentenceFileJsonSchema(), null, 2)}\n`;
}
