/**
 * Reads a pattern by the ECMA-262 grammar with the `u` flag (22.2.1, no Annex B) and spells its
 * meaning in the linear engine's (RE2) syntax, so both engines accept the same strings:
 *
 * - every character-matching atom (a literal, `.`, `\s`, `\w`, `\d`, `\p{..}`, a class, negated or
 *   not) becomes an explicit class of code-point ranges (code-points.ts): RE2's own `.` takes `\r`
 *   and U+2028, its `\s` misses U+00A0, U+000B, U+2028 and U+FEFF, its Unicode tables are its own;
 * - `^` and `$` (no multiline flag) become `\A` and `\z`; `\b`/`\B` keep their spelling, since both
 *   engines use the ASCII word characters for them;
 * - groups become non-capturing and lazy quantifiers greedy: only whether a match exists counts;
 * - look-around and back-references have no linear spelling, and property escapes (`\p{..}`) no
 *   exact one here: the pattern is `backtracking`, for the native engine on the bounded path.
 *
 * A pattern this reader cannot follow is reported as `unreadable` rather than guessed at; the
 * caller has already checked it with the native engine and runs it on the bounded path.
 */
import { complement, DIGIT, DOT, single, SPACE, union, WORD, type Ranges } from './code-points.js';

/** A pattern's meaning as a regular expression over code points (no look-around, no back-reference). */
export type PatternNode =
  | { type: 'set'; set: Ranges }
  | { type: 'seq'; items: PatternNode[] }
  | { type: 'alt'; items: PatternNode[] }
  /** `quantifier` is the RE2 spelling ('' for none); `max` is Infinity when unbounded. */
  | { type: 'repeat'; body: PatternNode; min: number; max: number; quantifier: string }
  | { type: 'start' }
  | { type: 'end' }
  | { type: 'word-boundary'; negated: boolean };

export type Reading = { kind: 'regular'; node: PatternNode } | { kind: 'backtracking'; reason: string } | { kind: 'unreadable'; reason: string };
export type Translation = { kind: 'linear'; re2: string } | { kind: 'backtracking'; reason: string } | { kind: 'unreadable'; reason: string };

const EMPTY: PatternNode = { type: 'seq', items: [] };

class Unreadable extends Error {}

const SYNTAX = new Set([...'^$\\.*+?()[]{}|'].map((c) => c.codePointAt(0)!));
const CONTROL_ESCAPES: Record<string, number> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
const ESCAPE_SETS: Record<string, Ranges> = { d: DIGIT, D: complement(DIGIT), s: SPACE, S: complement(SPACE), w: WORD, W: complement(WORD) };

const hex = (cp: number) => `\\x{${cp.toString(16)}}`;
const isAsciiAlnum = (cp: number) => (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);

/** A set of code points in RE2 syntax; an empty set (`[]`) must match nothing. */
function spellSet(set: Ranges): string {
  if (set.length === 0) return '[^\\x{0}-\\x{10ffff}]';
  if (set.length === 2 && set[0] === set[1]) return isAsciiAlnum(set[0]!) ? String.fromCodePoint(set[0]!) : hex(set[0]!);
  let body = '';
  for (let i = 0; i < set.length; i += 2) body += set[i] === set[i + 1] ? hex(set[i]!) : `${hex(set[i]!)}-${hex(set[i + 1]!)}`;
  return `[${body}]`;
}

class Reader {
  private pos = 0;
  private readonly cps: number[];
  private backtracking: string | undefined;

  constructor(source: string) {
    this.cps = [...source].map((c) => c.codePointAt(0)!);
  }

  read(): Reading {
    const node = this.disjunction();
    if (this.pos < this.cps.length) throw new Unreadable(`unexpected ${this.char()} at ${this.pos}`);
    return this.backtracking ? { kind: 'backtracking', reason: this.backtracking } : { kind: 'regular', node };
  }

  private peek(offset = 0): number | undefined {
    return this.cps[this.pos + offset];
  }
  private char(offset = 0): string {
    const cp = this.peek(offset);
    return cp === undefined ? '' : String.fromCodePoint(cp);
  }
  private eat(text: string): boolean {
    const cps = [...text];
    for (let i = 0; i < cps.length; i++) if (this.char(i) !== cps[i]) return false;
    this.pos += cps.length;
    return true;
  }
  private expect(text: string): void {
    if (!this.eat(text)) throw new Unreadable(`expected ${text} at ${this.pos}`);
  }

  private disjunction(): PatternNode {
    const alternatives = [this.alternative()];
    while (this.eat('|')) alternatives.push(this.alternative());
    return alternatives.length === 1 ? alternatives[0]! : { type: 'alt', items: alternatives };
  }

  private alternative(): PatternNode {
    const items: PatternNode[] = [];
    while (this.pos < this.cps.length && this.char() !== '|' && this.char() !== ')') items.push(this.term());
    return { type: 'seq', items };
  }

  private term(): PatternNode {
    const assertion = this.assertion();
    if (assertion !== undefined) return assertion;
    const body = this.atom();
    return { body, ...this.quantifier() };
  }

  /** Assertions take no quantifier with the `u` flag. */
  private assertion(): PatternNode | undefined {
    if (this.eat('^')) return { type: 'start' };
    if (this.eat('$')) return { type: 'end' };
    if (this.eat('\\b')) return { type: 'word-boundary', negated: false };
    if (this.eat('\\B')) return { type: 'word-boundary', negated: true };
    for (const open of ['(?=', '(?!', '(?<=', '(?<!']) {
      if (this.eat(open)) {
        this.disjunction();
        this.expect(')');
        this.backtracking ??= 'look-around, which no linear-time engine runs';
        return EMPTY;
      }
    }
    return undefined;
  }

  private quantifier(): { type: 'repeat'; min: number; max: number; quantifier: string } {
    let q: { type: 'repeat'; min: number; max: number; quantifier: string };
    if (this.eat('*')) q = { type: 'repeat', min: 0, max: Infinity, quantifier: '*' };
    else if (this.eat('+')) q = { type: 'repeat', min: 1, max: Infinity, quantifier: '+' };
    else if (this.eat('?')) q = { type: 'repeat', min: 0, max: 1, quantifier: '?' };
    else if (this.char() === '{') {
      this.pos++;
      const min = this.digits();
      let max: string | undefined = min;
      if (this.eat(',')) max = this.char() === '}' ? '' : this.digits();
      this.expect('}');
      if (max !== '' && BigInt(min) > BigInt(max)) throw new Unreadable('numbers out of order in a quantifier');
      q = { type: 'repeat', min: Number(min), max: max === '' ? Infinity : Number(max), quantifier: max === min ? `{${min}}` : `{${min},${max}}` };
    } else return { type: 'repeat', min: 1, max: 1, quantifier: '' };
    this.eat('?'); // lazy or greedy: the same strings match
    return q;
  }

  private digits(): string {
    const start = this.pos;
    while (/[0-9]/.test(this.char())) this.pos++;
    if (this.pos === start) throw new Unreadable(`expected digits at ${start}`);
    return String(BigInt(String.fromCodePoint(...this.cps.slice(start, this.pos))));
  }

  private atom(): PatternNode {
    const c = this.char();
    if (c === '.') {
      this.pos++;
      return { type: 'set', set: DOT };
    }
    if (c === '(') return this.group();
    if (c === '[') return { type: 'set', set: this.characterClass() };
    if (c === '\\') {
      this.pos++;
      return this.atomEscape();
    }
    const cp = this.peek();
    if (cp === undefined || SYNTAX.has(cp)) throw new Unreadable(`unexpected ${c || 'end'} at ${this.pos}`);
    this.pos++;
    return { type: 'set', set: single(cp) };
  }

  private group(): PatternNode {
    this.expect('(');
    if (this.eat('?:')) {
      // non-capturing
    } else if (this.eat('?<')) {
      this.groupName();
    } else if (this.char() === '?') throw new Unreadable(`unknown group at ${this.pos}`);
    const body = this.disjunction();
    this.expect(')');
    return body;
  }

  private groupName(): void {
    const start = this.pos;
    while (this.pos < this.cps.length && this.char() !== '>') this.pos++;
    if (this.pos === start) throw new Unreadable('empty group name');
    this.expect('>');
  }

  private atomEscape(): PatternNode {
    const c = this.char();
    if (/[1-9]/.test(c)) {
      this.digits();
      this.backtracking ??= 'a back-reference, which no linear-time engine runs';
      return EMPTY;
    }
    if (c === 'k') {
      this.pos++;
      this.expect('<');
      this.groupName();
      this.backtracking ??= 'a back-reference, which no linear-time engine runs';
      return EMPTY;
    }
    return { type: 'set', set: this.escapeSet(false) };
  }

  /** An escape after `\` that stands for a set of characters (one character, or a class escape). */
  private escapeSet(inClass: boolean): Ranges {
    const c = this.char();
    const named = ESCAPE_SETS[c];
    if (named) {
      this.pos++;
      return named;
    }
    if (c === 'p' || c === 'P') {
      this.pos++;
      this.expect('{');
      while (this.pos < this.cps.length && this.char() !== '}') this.pos++;
      this.expect('}');
      // Reading the code points of a property from the native engine costs a scan of all 1.1M
      // (hundreds of ms); another engine's tables may be another Unicode version.
      this.backtracking ??= "a Unicode property escape, whose code points only the native engine's tables give exactly";
      return [];
    }
    if (inClass && c === 'b') {
      this.pos++;
      return single(0x08);
    }
    if (inClass && c === '-') {
      this.pos++;
      return single(0x2d);
    }
    return single(this.characterEscape());
  }

  private characterEscape(): number {
    const c = this.char();
    const control = CONTROL_ESCAPES[c];
    if (control !== undefined) {
      this.pos++;
      return control;
    }
    if (c === 'c') {
      const letter = this.char(1);
      if (!/^[A-Za-z]$/.test(letter)) throw new Unreadable('\\c without a letter');
      this.pos += 2;
      return letter.charCodeAt(0) % 32;
    }
    if (c === '0') {
      if (/[0-9]/.test(this.char(1))) throw new Unreadable('\\0 before a digit');
      this.pos++;
      return 0;
    }
    if (c === 'x') {
      this.pos++;
      return this.hexDigits(2);
    }
    if (c === 'u') return this.unicodeEscape();
    const cp = this.peek();
    if (cp !== undefined && (SYNTAX.has(cp) || c === '/')) {
      this.pos++;
      return cp;
    }
    throw new Unreadable(`escape \\${c} is not allowed with the u flag`);
  }

  private hexDigits(n: number): number {
    const text = String.fromCodePoint(...this.cps.slice(this.pos, this.pos + n));
    if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(text)) throw new Unreadable(`expected ${n} hex digits at ${this.pos}`);
    this.pos += n;
    return parseInt(text, 16);
  }

  /** `\uHHHH`, a `\uLEAD\uTRAIL` pair (one code point with the u flag), or `\u{H...}`. */
  private unicodeEscape(): number {
    this.expect('u');
    if (this.eat('{')) {
      const start = this.pos;
      while (/[0-9a-fA-F]/.test(this.char())) this.pos++;
      const digits = String.fromCodePoint(...this.cps.slice(start, this.pos));
      this.expect('}');
      const cp = digits === '' ? NaN : parseInt(digits, 16);
      if (!(cp <= 0x10ffff)) throw new Unreadable('code point out of range');
      return cp;
    }
    const unit = this.hexDigits(4);
    if (unit >= 0xd800 && unit <= 0xdbff && this.char() === '\\' && this.char(1) === 'u') {
      const save = this.pos;
      this.pos += 2;
      try {
        const trail = this.hexDigits(4);
        if (trail >= 0xdc00 && trail <= 0xdfff) return 0x10000 + ((unit - 0xd800) << 10) + (trail - 0xdc00);
      } catch {
        // not a trail: the lead stands alone
      }
      this.pos = save;
    }
    return unit;
  }

  private characterClass(): Ranges {
    this.expect('[');
    const negated = this.eat('^');
    const parts: Ranges[] = [];
    while (this.char() !== ']') {
      if (this.pos >= this.cps.length) throw new Unreadable('unterminated class');
      const from = this.classAtom();
      if (this.char() === '-' && this.char(1) !== ']' && this.peek(1) !== undefined) {
        this.pos++;
        const to = this.classAtom();
        if (!isSingle(from) || !isSingle(to)) throw new Unreadable('a class escape in a range');
        if (from[0]! > to[0]!) throw new Unreadable('range out of order');
        parts.push([from[0]!, to[0]!]);
      } else parts.push(from);
    }
    this.pos++;
    const set = union(...parts);
    return negated ? complement(set) : set;
  }

  private classAtom(): Ranges {
    const cp = this.peek()!;
    this.pos++;
    if (cp !== 0x5c) return single(cp);
    return this.escapeSet(true);
  }
}

function isSingle(set: Ranges): boolean {
  return set.length === 2 && set[0] === set[1];
}

/**
 * The pattern's meaning as a regular expression, or why it has none. Call only with a pattern the
 * native engine accepted with the `u` flag: this reader follows the grammar but does not report
 * every early error the standard lists.
 */
export function readPattern(source: string): Reading {
  try {
    return new Reader(source).read();
  } catch (error) {
    if (error instanceof Unreadable) return { kind: 'unreadable', reason: error.message };
    throw error;
  }
}

/** The pattern in RE2 syntax: every class as explicit code points, anchors as input bounds. */
export function spellForRe2(node: PatternNode): string {
  switch (node.type) {
    case 'set':
      return spellSet(node.set);
    case 'seq':
      return node.items.map(spellForRe2).join('');
    case 'alt':
      return node.items.map(spellForRe2).join('|');
    case 'repeat':
      return `(?:${spellForRe2(node.body)})${node.quantifier}`;
    case 'start':
      return '\\A';
    case 'end':
      return '\\z';
    case 'word-boundary':
      return node.negated ? '\\B' : '\\b';
  }
}

/** The pattern in RE2 syntax with its ECMA-262 meaning, or why it has none (see readPattern). */
export function translatePattern(source: string): Translation {
  const reading = readPattern(source);
  return reading.kind === 'regular' ? { kind: 'linear', re2: spellForRe2(reading.node) } : reading;
}
