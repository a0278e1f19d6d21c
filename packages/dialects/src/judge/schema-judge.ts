/**
 * The judge of one canonical schema (a tool's inputSchema or its outputSchema).
 *
 * Compiled lazily, on the first document judged (or on `warm()`), and kept: registering many
 * tools stays cheap (a server holding all 881 corpus tools is ready at once, while compiling them
 * all costs most of a second), and no call ever compiles twice. The decoding plan is built on the
 * first document that carries a null for a decoding caller, so canonical-only servers never pay
 * for it. The validator is Ajv's own compiled function, called directly: a canonical call costs Ajv,
 * plus one guard walk (scan.ts) for the schemas that need it (document-guard.ts).
 */
import type { ValidateFunction } from 'ajv';
import type { Diagnostic } from '../diagnostics.js';
import { namesPrototypeKeys, privateAjv, privateSchemaKey, sharedAjv, type AnyAjv } from './ajv-instances.js';
import { buildDecodePlan, type PlanNode } from './decode-plan.js';
import { NullDecoder, type SubValidator } from './decode-nulls.js';
import { documentGuardNeeded } from './document-guard.js';
import { ajvReading } from './ajv-reading.js';
import { withoutExternalRefs, type ExternalRef } from './external-refs.js';
import { detectDraft, type Draft } from './draft.js';
import { judgeBounded, judgeBoundedAsync, PatternTimeoutError } from './patterns/bounded-run.js';
import { boundedPatterns, patternWarnings } from './pattern-warnings.js';
import { SCAN_HAS_NULL, SCAN_TOO_DEEP, locateLimit, locateString, scan } from './scan.js';
import { ResourceIndex, type SchemaNode } from '../resource-index.js';
import type { Violation } from './types.js';
import { toViolations } from './violations.js';
import { checkSize, JUDGE_MAX_VALUES, JUDGE_WORDS, LINT_MAX_DEPTH } from '../lint/measure.js';
import { judgeWorkProblem } from '../lint/judge-work.js';
import { judgeGap } from './judge-gaps.js';
import { checkSchemaDocument } from '../lint/meta-check.js';
import { shorten } from './rule-words.js';

export interface Limits {
  maxDepth: number;
  maxNodes: number;
  /** Time for the patterns on the bounded (worker) path, per judged document. */
  patternTimeLimitMs: number;
  defaultDraft: Draft;
  /** Walk every document with the guard, even where the schema cannot lead the judge deep. */
  alwaysGuard: boolean;
}

interface Ready {
  ajv: AnyAjv;
  draft: Draft;
  validate: ValidateFunction;
  index: ResourceIndex | undefined;
}

export type Verdict = { ok: true; value: unknown } | { ok: false; violations: Violation[]; schemaFault: boolean };

export class SchemaJudge {
  private ready: Ready | undefined;
  private broken: Diagnostic[] | undefined;
  private plan: PlanNode | null | undefined;
  private decoder: NullDecoder | undefined;
  private readonly subValidators = new Map<string, SubValidator | undefined>();
  private validate: ValidateFunction | undefined;
  /** Whether a pattern of this schema runs on the bounded path (known once compiled). */
  private bounded = false;
  /** Whether each document is walked by the depth/size guard first (document-guard.ts). */
  private guarded = true;
  private readonly maxDepth: number;
  private readonly maxNodes: number;
  /** References that leave the schema, left out of what Ajv compiled (external-refs.ts). */
  private external: ExternalRef[] = [];
  /** What Ajv compiled: the schema itself, or a copy as Ajv is to read it (ajv-reading.ts), without external references where it has some. */
  private compiled: unknown;

  constructor(
    private readonly schema: unknown,
    /** Where this schema sits in the tool, for diagnostics: "/inputSchema" or "/outputSchema". */
    private readonly at: string,
    private readonly limits: Limits,
  ) {
    this.maxDepth = limits.maxDepth;
    this.maxNodes = limits.maxNodes;
    this.compiled = schema;
  }

  /** Compiles now; returns the problems of the schema itself (empty when it is usable). */
  warm(): Diagnostic[] {
    this.compile();
    if (this.broken) return this.broken;
    return [...this.externalWarnings(), ...patternWarnings(this.schema, this.at, this.limits.patternTimeLimitMs)];
  }

  /** judge(), with every bounded-path pattern answered within the time limit (blocking at most that). */
  check(document: unknown, decodeNulls: boolean): Verdict {
    if (!this.validate) this.compile();
    if (!this.bounded) return this.judge(document, decodeNulls);
    return judgeBounded(() => this.judge(document, decodeNulls), this.limits.patternTimeLimitMs, (e) => this.patternTimeout(e, document));
  }

  /** check() that never blocks the event loop on a bounded-path pattern; as fast as check() otherwise. */
  checkAsync(document: unknown, decodeNulls: boolean): Verdict | Promise<Verdict> {
    if (!this.validate) this.compile();
    if (!this.bounded) return this.judge(document, decodeNulls);
    return judgeBoundedAsync(() => this.judge(document, decodeNulls), this.limits.patternTimeLimitMs, (e) => this.patternTimeout(e, document));
  }

  judge(document: unknown, decodeNulls: boolean): Verdict {
    // The hot path of a canonical call: Ajv's compiled function, after the guard walk only where
    // the schema can lead the judge deeper than its own nesting.
    const validate = this.validate ?? this.compile()?.validate;
    if (validate === undefined) return { ok: false, violations: this.brokenViolations(), schemaFault: true };
    let value = document;
    try {
      if (this.guarded) {
        const scanned = scan(document, this.maxDepth, this.maxNodes);
        if (scanned > SCAN_HAS_NULL) return this.limitRefusal(scanned, document);
        // Decoding validates subschemas too, so a pattern may throw there as well: inside the try.
        if (decodeNulls && scanned === SCAN_HAS_NULL) value = this.decodeNulls(document);
      } else if (decodeNulls) {
        // The plan has the schema's shape and no cycle here: its walk is bounded without a guard.
        value = this.decodeNulls(document);
      }
      if (validate(value)) return { ok: true, value };
    } catch (error) {
      // A stack overflow inside Ajv. The document's own depth is bounded before Ajv runs wherever
      // the schema could lead it deeper than itself, so what overflowed is the validator of a
      // schema too large for it: not the caller's to correct.
      if (error instanceof RangeError) return { ok: false, violations: [{ path: '', rule: 'could not be checked: the validator of this schema ran out of stack (the schema is too large for it)', keyword: 'schema' }], schemaFault: true };
      return this.refuse(this.thrownViolation(error, value));
    }
    return { ok: false, violations: toViolations(validate.errors ?? [], value, this.compiled), schemaFault: false };
  }

  private limitRefusal(scanned: number, document: unknown): Verdict {
    const { maxDepth, maxNodes } = this;
    if (scanned === SCAN_TOO_DEEP) {
      return this.refuse({ path: locateLimit(document, maxDepth), rule: `is nested deeper than ${maxDepth} levels, which is not accepted`, keyword: 'maxDepth' });
    }
    return this.refuse({ path: '', rule: `holds more than ${maxNodes} values, which is not accepted`, keyword: 'maxNodes' });
  }

  private decodeNulls(document: unknown): unknown {
    const ready = this.ready!;
    const plan = this.plan === undefined ? this.buildPlan(ready) : this.plan;
    return plan ? this.decoder!.decode(plan, document) : document;
  }

  private refuse(v: Violation): Verdict {
    return { ok: false, violations: [v], schemaFault: false };
  }

  private patternTimeout(error: PatternTimeoutError, document: unknown): Verdict {
    return this.refuse(this.thrownViolation(error, document));
  }

  private thrownViolation(error: unknown, value: unknown): Violation {
    if (error instanceof PatternTimeoutError) {
      return {
        path: locateString(value, error.input, this.limits.maxDepth) ?? '',
        rule: `could not be checked against the pattern ${error.pattern} within ${error.limitMs} ms, so it is not accepted`,
        value: shorten(error.input),
        keyword: 'pattern',
      };
    }
    return { path: '', rule: 'is nested too deeply to be checked', keyword: 'maxDepth' };
  }

  private compile(): Ready | undefined {
    if (this.ready || this.broken) return this.ready;
    const s = this.schema;
    const isSchema = typeof s === 'boolean' || (s !== null && typeof s === 'object' && !Array.isArray(s));
    if (!isSchema) {
      this.broken = [{ code: 'judge.schema-invalid', severity: 'error', message: 'The schema is not a JSON Schema (an object or a boolean).', path: this.at }];
      return undefined;
    }
    // The judge's bounds (lint's judge-size: a server refuses such a schema at registration): past
    // them Ajv stalls the caller's event loop for seconds compiling, or runs out of stack validating.
    const tooLarge = checkSize(s, this.at, JUDGE_MAX_VALUES, LINT_MAX_DEPTH, JUDGE_WORDS);
    if (tooLarge) {
      this.broken = [{ code: 'judge.schema-too-large', severity: 'error', message: tooLarge.message, path: tooLarge.path }];
      return undefined;
    }
    const draft = detectDraft(s, this.limits.defaultDraft);
    if (typeof draft !== 'string') {
      this.broken = [{ code: 'judge.schema-unsupported', severity: 'error', message: `The schema declares $schema ${draft.unsupported}; the judge reads 2020-12 and draft-07 only.`, path: `${this.at}/$schema` }];
      return undefined;
    }
    let index: ResourceIndex | undefined;
    try {
      index = new ResourceIndex(s as SchemaNode, draft);
    } catch {
      // A schema the index cannot read keeps the document guard (needsGuard) and has its work untold.
    }
    // Lint's judge-size bound on the work of one value, references written out (judge-work.ts):
    // past it every failing call would stall the event loop, or exhaust memory.
    const work = index === undefined ? undefined : judgeWorkProblem(s, this.at, index);
    if (work !== undefined) {
      this.broken = [{ code: 'judge.schema-too-large', severity: 'error', message: work.message, path: work.path }];
      return undefined;
    }
    // Lint's judge-reads: where the validator reads the schema otherwise than JSON Schema (judge-gaps.ts).
    const gap = index === undefined ? undefined : judgeGap(index);
    if (gap !== undefined) {
      this.broken = [{ code: 'judge.schema-unsupported', severity: 'error', message: gap.message, path: this.at + gap.pointer }];
      return undefined;
    }
    const ownProperties = namesPrototypeKeys(s);
    // Read once, whichever instance compiles it (ajv-reading.ts).
    const source = (ajvReading(s as SchemaNode, draft, ownProperties) ?? s) as object;
    let ajv = sharedAjv(draft, ownProperties);
    try {
      this.ready = { ajv, draft, validate: this.compileIn(ajv, draft, source), index };
    } catch (error) {
      // Small and within lint's bounds, yet its references lead Ajv deeper than its stack (a chain of
      // hundreds of definitions, each reaching the next): said as such, and not tried again.
      if (error instanceof RangeError) {
        this.broken = [{ code: 'judge.schema-too-large', severity: 'error', message: 'The schema cannot be compiled: its references lead deeper than the validator can follow (it ran out of stack compiling them); shorten the chain of definitions that reach one another.', path: this.at }];
        return undefined;
      }
      // Another tool's schema may hold the same `$id` in the shared instance at this moment.
      try {
        ajv = privateAjv(draft, ownProperties);
        this.ready = { ajv, draft, validate: this.compileIn(ajv, draft, source), index };
      } catch {
        this.broken = invalidSchema(s, this.at, error);
      }
    }
    if (this.ready) this.guarded = this.limits.alwaysGuard || this.needsGuard(this.ready);
    this.validate = this.ready?.validate;
    if (this.ready) this.bounded = boundedPatterns(this.schema).length > 0;
    return this.ready;
  }

  /**
   * Compiles, then takes the schema out of the instance again: the compiled function keeps all it
   * needs, and no tool's `$id` stays behind where another tool's schema could reach or collide with it.
   */
  private compileIn(ajv: AnyAjv, draft: Draft, schema: object): ValidateFunction {
    this.compiled = schema;
    try {
      return ajv.compile(schema);
    } catch (error) {
      // Asked only when Ajv could not compile, so a schema that compiles pays nothing: a reference
      // it could not resolve (missingSchema), or a `$dynamicRef` to another document, which Ajv
      // refuses outright ("only supports hash fragment reference").
      if (error instanceof RangeError) throw error;
      const cut = withoutExternalRefs(schema as SchemaNode, draft, (uri) => ajv.getSchema(uri) !== undefined);
      if (!cut) throw error;
      // The failed compile left the document's `$id` registered: the copy (same `$id`) would collide with it.
      if (typeof schema === 'object') ajv.removeSchema(schema);
      this.external = cut.refs;
      const copy = cut.schema as object;
      this.compiled = copy;
      try {
        return ajv.compile(copy);
      } finally {
        ajv.removeSchema(copy);
      }
    } finally {
      if (typeof schema === 'object') ajv.removeSchema(schema);
    }
  }

  /** What `warm()` says about the references left unchecked (external-refs.ts). */
  private externalWarnings(): Diagnostic[] {
    return this.external.map(({ pointer, ref }) => ({
      code: 'judge.external-ref',
      severity: 'warning' as const,
      message: `${ref} leaves the schema and is never fetched: what it says is not checked; the rest of the schema judges every call.`,
      path: `${this.at}${pointer}`,
    }));
  }

  private needsGuard(ready: Ready): boolean {
    try {
      ready.index ??= new ResourceIndex(this.schema as SchemaNode, ready.draft);
      return documentGuardNeeded(ready.index);
    } catch {
      // A schema the index cannot read keeps the guard: safe, only slower.
      return true;
    }
  }

  private brokenViolations(): Violation[] {
    return (this.broken ?? []).map((d) => ({ path: '', rule: `cannot be judged: ${d.message} (at ${d.path} of the tool)`, keyword: 'schema' }));
  }

  private buildPlan(ready: Ready): PlanNode | null {
    let plan: PlanNode | null = null;
    try {
      plan = buildDecodePlan(ready.index ?? new ResourceIndex(this.schema as SchemaNode, ready.draft));
    } catch {
      // A schema the planner cannot walk decodes nothing: nulls are then judged as sent.
      plan = null;
    }
    this.plan = plan;
    this.decoder = new NullDecoder((pointer) => this.subValidator(ready, pointer));
    return plan;
  }

  /** A validator of one subschema, compiled in place so its refs resolve as in the whole schema. */
  private subValidator(ready: Ready, pointer: string): SubValidator | undefined {
    if (this.subValidators.has(pointer)) return this.subValidators.get(pointer);
    let fn: SubValidator | undefined;
    const schema = this.compiled as object;
    const key = privateSchemaKey();
    try {
      // Registered only while the subschema compiles, for the same reason as in compileIn.
      ready.ajv.addSchema(schema, key);
      const fragment = pointer.split('/').map(encodeURIComponent).join('/');
      const compiled = ready.ajv.getSchema(`${key}#${fragment}`);
      if (compiled) fn = (v) => compiled(v) === true;
    } catch {
      fn = undefined;
    } finally {
      ready.ajv.removeSchema(key);
      if (typeof schema === 'object') ready.ajv.removeSchema(schema);
    }
    this.subValidators.set(pointer, fn);
    return fn;
  }
}


/**
 * Why a schema Ajv refused cannot be compiled: the meta-schema check's own words at each pointer
 * (lint and convert say the same), where it finds a fault; Ajv's message only where it finds none.
 * Asked only after a failed compile, so a valid schema never pays for it.
 */
function invalidSchema(schema: unknown, at: string, error: unknown): Diagnostic[] {
  let problems: { path: string; message: string }[] = [];
  try {
    problems = checkSchemaDocument(schema, at);
  } catch {
    // Too deep for the check's own walk: Ajv's message below says what it can.
  }
  if (problems.length > 0) return problems.map((p) => ({ code: 'judge.schema-invalid', severity: 'error', message: `The schema cannot be compiled: ${p.message}`, path: p.path }));
  const message = error instanceof Error ? error.message : String(error);
  return [{ code: 'judge.schema-invalid', severity: 'error', message: `The schema cannot be compiled: ${message}`, path: at }];
}
