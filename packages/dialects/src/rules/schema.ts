/**
 * The rule-file format, defined once (docs/rule-format.md). Every object is strict so that a typo in
 * a rule file is refused rather than silently ignored.
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
  url: z.url(),
  title: z.string().min(1),
  read: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'read must be a date YYYY-MM-DD'),
});

export const ConditionSchema = z.strictObject({
  max: z.number().optional(),
  min: z.number().optional(),
  in: z.array(z.unknown()).optional(),
  notMatching: z.array(z.string()).optional(),
  valuesOfType: z.array(z.enum(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'])).optional(),
  nonEmpty: z.literal(true).optional(),
  /** The node's own `type` (as the walk holds it): a listed type, or a type array whose non-null types are all listed. */
  nodeTypes: z.array(z.enum(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'])).min(1).optional(),
});

/** The keywords a rule may derive from the schema, and from what (docs/rule-format.md, derive). */
export const DERIVATIONS = ['property-keys'] as const;

export const UnionBranchesSchema = z.strictObject({
  /** Parent keywords moved into each anyOf / oneOf branch, so no node mixes them with a union. */
  move: z.array(z.enum(['properties', 'required', 'additionalProperties'])).min(1),
  /**
   * `values`: a property the parent and a branch both declare, the branch pinning it to values the
   * parent's schema admits (a discriminator: parent `enum`, branch `const`), is spelled in that
   * branch with the branch's values, which is what both together accept; without it such a node
   * is kept as authored and reported.
   */
  shared: z.enum(['values']).optional(),
});

export const ReferencesSchema = z.strictObject({
  /** Required, except in a rule that merges into an inherited one (checked on the rule). */
  mode: z.enum(['keep', 'inline']).optional(),
  cycles: z.enum(['keep', 'break']).default('keep'),
  definitionsKeyword: z.string().min(1).default('$defs'),
  refKeyword: z.string().min(1).default('$ref'),
  refPrefix: z.string().startsWith('#').default('#/$defs/'),
  siblings: z.enum(['keep', 'wrap-anyof', 'merge']).default('keep'),
  /**
   * With cycles: break, a cycle whose every re-entry passes one of these ways out (a property not
   * in its object's required; the items of an array whose minItems is 0 or absent) is kept.
   */
  keepCyclesThrough: z.array(z.enum(['optional-property', 'optional-items'])).min(1).optional(),
  /**
   * With cycles: break, how many more times a cycle is inlined before its stub, so that a tree that
   * many levels deeper still fits the spelling (0: the stub stands at the first re-entry). Bounded,
   * since each level copies the definition again; the dialect's limits are still checked.
   */
  unroll: z.int().min(0).max(6).optional(),
  /**
   * With mode: keep, what becomes of a root definition that no reference reached from the root
   * leads to: `keep` spells it anyway; `drop` leaves it out (an info diagnostic names each), for a
   * vendor that counts every definition against its limits. Root definitions keep their own names
   * either way.
   */
  unreferenced: z.enum(['keep', 'drop']).default('keep'),
});

export const ObjectsSchema = z.strictObject({
  closed: z.enum(['all', 'as-authored', 'never']).default('as-authored'),
  optional: z.enum(['keep', 'required-nullable']).default('keep'),
  maps: z.enum(['keep', 'close-and-report']).default('keep'),
});

export const RootSchema = z.strictObject({
  type: z.literal('object').optional(),
  unions: z.enum(['allow', 'forbid', 'merge-objects']).default('allow'),
  keywords: keywordList.optional(),
});

export const LimitsSchema = z.strictObject({
  properties: z.int().positive().optional(),
  depth: z.int().positive().optional(),
  enumValues: z.int().positive().optional(),
  totalStringLength: z.int().positive().optional(),
  largeEnum: z.strictObject({ over: z.int().nonnegative(), maxChars: z.int().positive() }).optional(),
  optionalProperties: z.int().nonnegative().optional(),
  unionProperties: z.int().nonnegative().optional(),
});

export const AnyValueSchema = z.strictObject({
  /** The schema written for a value whose schema says nothing about its type (required unless merging). */
  spell: z.record(z.string(), z.unknown()).optional(),
  /** Give a typeless enum or const the type its values share instead. */
  inferFromEnum: z.boolean().default(false),
  /** Give an array with no items schema the same spelling as its items. */
  fillItems: z.boolean().default(false),
  /**
   * The spell is also a definition of this name, which it may reference (refPrefix + name) to say
   * "any value" again inside itself, e.g. arrays of any value. Emitted in the output's definitions
   * wherever the spell's reference is written (another name if the author's definitions hold it).
   * Needs a references rule with mode keep.
   */
  defineAs: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
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

export const RuleSchema = z
  .strictObject({
    id: z.string().regex(kebab, 'id must be kebab-case'),
    source: z.string().min(1),
    /** In an extending file: merge into the inherited rule with this id, key by key (docs/rule-format.md). */
    merge: z.literal(true).optional(),
    description: z.string().optional(),
    scope: z.enum(['all', 'root', 'below-root']).default('all'),
    given: z.string().startsWith('$').optional(),
    /** Which node `given` is matched against: the node as the author wrote it (authored, default) or the node as the walk spells it. */
    givenNode: z.enum(['authored', 'spelled']).optional(),
    references: ReferencesSchema.optional(),
    booleanSchemas: z.enum(['as-objects', 'keep']).optional(),
    keep: keywordList.optional(),
    drop: keywordList.optional(),
    keepWhen: z.record(keyword, ConditionSchema).optional(),
    rename: z.record(keyword, keyword).optional(),
    noteOnRename: z.boolean().optional(),
    nulls: z.enum(['type-array', 'any-of', 'nullable-flag']).optional(),
    typeArrays: z.enum(['keep', 'any-of', 'any-of-only']).optional(),
    allOf: z.enum(['keep', 'merge', 'merge-deep']).optional(),
    constAsEnum: z.literal(true).optional(),
    objects: ObjectsSchema.optional(),
    root: RootSchema.optional(),
    propertyNames: z.strictObject({ pattern: z.string().min(1) }).optional(),
    /** The names the vendor takes for a tool (function): a tool named otherwise is reported, never renamed. */
    toolNames: z.strictObject({ pattern: z.string().min(1) }).optional(),
    limits: LimitsSchema.optional(),
    anyValue: AnyValueSchema.optional(),
    derive: z.record(keyword, z.enum(DERIVATIONS)).optional(),
    nullInEnum: z.literal('drop-when-typed').optional(),
    unionBranches: UnionBranchesSchema.optional(),
    /**
     * How a tool's outputSchema is published: `spell` (default) like an input schema; `as-authored`
     * unchanged, for a vendor whose tool definition has no field for a result schema, so its only
     * reader is a client validating results, which must accept every result the server sends.
     */
    outputSchema: z.enum(['spell', 'as-authored']).optional(),
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
  });

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
    keywords: keywordList.optional(),
    event: z.enum(Object.keys(EVENT_VARS) as [string, ...string[]]).optional(),
    when: z.record(keyword, z.unknown()).optional(),
    /**
     * The note applies only where these of its keywords hold the same value: `equal: [minItems,
     * maxItems]` both 2 read "Exactly 2 items." rather than "Between 2 and 2 items.".
     */
    equal: keywordList.optional(),
    /**
     * Its sentence follows the sentences of the node's other notes, whatever their order in the
     * file: a closure ("No other properties are accepted.") after the pattern sentences it leaves open.
     */
    last: z.literal(true).optional(),
    text: z.string().min(1),
    /**
     * The same sentence in words: `{keyword:form}` renders the dropped subschema with the sentence
     * file's `vocabulary` (forms: value, typed, item, condition, clause, condition-typed, clause-typed, key, positions, pattern, one, json). Tried before
     * `text`; `text` is written where a form has no wording for the subschema.
     */
    words: z.string().min(1).optional(),
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
  });

const TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'] as const;

/** One phrase of `vocabulary.rules`: `{keyword}`, `{keyword|singular|plural}` and `{keyword:value}` (a subschema as a noun) name its own keywords only. */
const NounRuleSchema = z
  .strictObject({
    keywords: keywordList,
    when: z.record(keyword, z.unknown()).optional(),
    text: z.string().min(1),
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
  /** The noun of each type: `string: a string`. */
  types: z.partialRecord(z.enum(TYPE_NAMES), z.string().min(1)).optional(),
  /** An enum as a noun: "one of {values}". */
  enum: z.string().min(1).optional(),
  /** Between the nouns of a type list ("a string or null"). */
  or: z.string().min(1).optional(),
  /** Between clauses and before the last name of a list ("a and b"). */
  and: z.string().min(1).optional(),
  /** Between the names of a list but the last, and between positions ("a, b and c"). */
  list: z.string().min(1).optional(),
  /** Clauses: `{names}` required (one name, several names). */
  required: z.string().min(1).optional(),
  requiredMany: z.string().min(1).optional(),
  /** A property's value in a consequence: one it also requires ("{name} must be {value}"), one that may be left out. */
  mustBe: z.string().min(1).optional(),
  mayBe: z.string().min(1).optional(),
  /** Conditions: a required property with a value, an optional one (absent also matches), one that is sent. */
  is: z.string().min(1).optional(),
  isOrAbsent: z.string().min(1).optional(),
  isSent: z.string().min(1).optional(),
  /** Items by position: the first, each next one. */
  first: z.string().min(1).optional(),
  next: z.string().min(1).optional(),
  /** A noun with the rules beside its type: "{value} ({rules})" ("a string (at most 3 characters)"). */
  ruled: z.string().min(1).optional(),
  /**
   * The phrase of each rule a noun may carry beside its type, tried in order: the first whose
   * keywords the subschema has (and whose `when` matches) words them. A subschema with a keyword
   * no phrase takes has no wording, and its sentence is written with JSON (the note's `text`).
   */
  rules: z.array(NounRuleSchema).min(1).optional(),
  /**
   * Written after an author's description that does not end with terminal punctuation (any script's), before the sentences
   * appended to it ("The user name" + "." + " At least 1 character."); the author's words are kept
   * as written; after a description that ends in whitespace (a newline, or whitespace alone) the
   * sentences follow with no space. Without it the sentences follow after a space.
   */
  authorStop: z.string().min(1).max(3).optional(),
});

export const RuleFileSchema = z.strictObject({
  dialect: z.string().regex(dialectName, 'dialect must match [a-z][a-z0-9_]*'),
  version: z.string().regex(versionPattern, 'version must be YYYY-MM or YYYY-MM-DD'),
  status: z.enum(['draft', 'frozen']),
  summary: z.string().min(1),
  extends: z
    .string()
    .regex(/^[a-z][a-z0-9_]*@\d{4}-\d{2}(-\d{2})?$/, 'extends must pin a dialect as name@version')
    .nullable()
    .optional(),
  sources: z.record(z.string().regex(kebab, 'a source id must be kebab-case'), SourceSchema),
  /** The sentence file whose notes this dialect starts from (docs/rule-format.md, Sentence files). */
  sentences: z.string().regex(pinPattern, 'sentences must pin a sentence file as name@version').optional(),
  otherKeywords: z.enum(['keep', 'drop']).optional(),
  /**
   * Keywords this vendor reads beyond JSON Schema, OpenAPI 3.0 and `x-` extensions, which the
   * file's rules and notes may then name (a keyword a rule derives needs no entry). Any other
   * unknown keyword is refused as a typo (rules/keyword-names.ts).
   */
  extensionKeywords: z.array(keyword).min(1).optional(),
  notes: z.array(NoteSchema).default([]),
  rules: z.array(RuleSchema).default([]),
});

/**
 * A sentence file (`<dir>/sentences/<name>@<version>.yaml`): the wording shared by the dialects
 * that name it, so a vendor file holds only its rules and sources.
 */
export const SentenceFileSchema = z.strictObject({
  sentences: z.string().regex(/^[a-z][a-z0-9_-]*$/, 'a sentence file name must match [a-z][a-z0-9_-]*'),
  version: z.string().regex(versionPattern, 'version must be YYYY-MM or YYYY-MM-DD'),
  summary: z.string().min(1),
  extends: z.string().regex(pinPattern, 'extends must pin a sentence file as name@version').nullable().optional(),
  /** The words of `words` sentences; merged key by key over the file it extends. */
  vocabulary: VocabularySchema.optional(),
  notes: z.array(NoteSchema).default([]),
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
    description: 'One dialect version: dialects/<name>@<version>.yaml (docs/rule-format.md).',
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
    description: 'Shared wording: dialects/sentences/<name>@<version>.yaml (docs/rule-format.md).',
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
