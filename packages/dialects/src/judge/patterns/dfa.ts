/**
 * A lazily built DFA over code points for a pattern read by translate.ts: linear time by
 * construction (one table step per character, each new state built once from a bounded NFA) and
 * the ECMA-262 meaning by construction (it runs the reader's own code-point sets). It answers the
 * only question `pattern` asks: does a match exist anywhere in the string.
 *
 * Strings are read as the `u` flag reads them: a surrogate pair is one code point, a lone
 * surrogate is itself. `^`/`$` are the input's bounds. Patterns it declines (word boundaries, or an
 * NFA past MAX_NFA_STATES after counted repetitions are expanded) go to re2js instead.
 */
import type { Ranges } from './code-points.js';
import type { PatternNode } from './translate.js';

const MAX_NFA_STATES = 4_000;
/**
 * Transition slots (states x character classes) kept per pattern; past it, new states are built
 * but not kept, which costs a closure per character but stays linear.
 */
const MAX_DFA_SLOTS = 200_000;

const CHAR = 0;
const SPLIT = 1;
const START = 2;
const END = 3;
const MATCH = 4;

interface NfaState {
  kind: number;
  /** CHAR: the set it reads; classes filled once the partition is known. */
  set?: Ranges;
  classes?: Uint8Array;
  out: number[];
}

class Declined extends Error {}

class NfaBuilder {
  readonly states: NfaState[] = [];

  add(kind: number, out: number[], set?: Ranges): number {
    if (this.states.length >= MAX_NFA_STATES) throw new Declined('too many states');
    this.states.push({ kind, out, set });
    return this.states.length - 1;
  }

  /** The entry state of `node`, continuing at `next` (built back to front). */
  build(node: PatternNode, next: number): number {
    switch (node.type) {
      case 'set':
        return this.add(CHAR, [next], node.set);
      case 'seq': {
        let entry = next;
        for (let i = node.items.length - 1; i >= 0; i--) entry = this.build(node.items[i]!, entry);
        return entry;
      }
      case 'alt':
        return this.add(
          SPLIT,
          node.items.map((item) => this.build(item, next)),
        );
      case 'repeat':
        return this.repeat(node.body, node.min, node.max, next);
      case 'start':
        return this.add(START, [next]);
      case 'end':
        return this.add(END, [next]);
      case 'word-boundary':
        throw new Declined('word boundary');
    }
  }

  private repeat(body: PatternNode, min: number, max: number, next: number): number {
    let entry = next;
    if (max === Infinity) {
      const loop = this.add(SPLIT, []);
      this.states[loop]!.out = [this.build(body, loop), next];
      entry = loop;
    } else {
      for (let i = min; i < max; i++) entry = this.add(SPLIT, [this.build(body, entry), next]);
    }
    for (let i = 0; i < min; i++) entry = this.build(body, entry);
    return entry;
  }
}

interface DfaState {
  readonly key: string;
  /** The NFA states, sorted (CHAR, END and MATCH states only: the closure's frontier). */
  readonly members: Int32Array;
  readonly matched: boolean;
  /** Whether the input may end here (an `$` or MATCH reachable without reading). */
  readonly acceptsAtEnd: boolean;
  /** Nothing can ever match from here on. */
  readonly dead: boolean;
  readonly next: (DfaState | undefined)[];
}

export interface LinearMatcher {
  test(input: string): boolean;
}

/** A matcher for the pattern, or undefined when this engine declines it. */
export function compileDfa(node: PatternNode): LinearMatcher | undefined {
  let nfa: NfaBuilder;
  let startState: number;
  try {
    nfa = new NfaBuilder();
    const match = nfa.add(MATCH, []);
    startState = nfa.build(node, match);
  } catch (error) {
    if (error instanceof Declined) return undefined;
    throw error;
  }
  return new Dfa(nfa.states, startState);
}

class Dfa implements LinearMatcher {
  /** Sorted class boundaries: class i holds code points [cuts[i], cuts[i+1]). */
  private readonly cuts: number[];
  private readonly ascii: Int32Array;
  private readonly classCount: number;
  private readonly cache = new Map<string, DfaState>();
  private readonly initial: DfaState;

  constructor(
    private readonly nfa: NfaState[],
    private readonly startState: number,
  ) {
    const cutSet = new Set<number>([0]);
    for (const s of nfa) if (s.set) for (let i = 0; i < s.set.length; i += 2) cutSet.add(s.set[i]!).add(s.set[i + 1]! + 1);
    this.cuts = [...cutSet].filter((c) => c <= 0x10ffff).sort((a, b) => a - b);
    this.classCount = this.cuts.length;
    for (const s of nfa) {
      if (!s.set) continue;
      const classes = new Uint8Array(this.classCount);
      for (let c = 0; c < this.classCount; c++) classes[c] = inSet(s.set, this.cuts[c]!) ? 1 : 0;
      s.classes = classes;
    }
    this.ascii = new Int32Array(128);
    for (let cp = 0; cp < 128; cp++) this.ascii[cp] = this.classOf(cp);
    this.initial = this.state(this.closure([startState], true), true);
  }

  test(input: string): boolean {
    let state = this.initial;
    if (state.matched) return true;
    const n = input.length;
    for (let i = 0; i < n; i++) {
      let cp = input.charCodeAt(i);
      if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
        const low = input.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          i++;
        }
      }
      const c = cp < 128 ? this.ascii[cp]! : this.classOf(cp);
      state = state.next[c] ?? this.step(state, c);
      if (state.matched) return true;
      if (state.dead) return false;
    }
    return state.acceptsAtEnd;
  }

  private classOf(cp: number): number {
    const cuts = this.cuts;
    let lo = 0;
    let hi = cuts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (cuts[mid]! <= cp) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Follows SPLIT and (at the input's start) START edges; keeps CHAR, END and MATCH states. */
  private closure(from: number[], atStart: boolean): number[] {
    const seen = new Set<number>();
    const out: number[] = [];
    const stack = [...from];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const s = this.nfa[id]!;
      if (s.kind === SPLIT) for (let k = s.out.length - 1; k >= 0; k--) stack.push(s.out[k]!);
      else if (s.kind === START) {
        if (atStart) stack.push(s.out[0]!);
      } else out.push(id);
    }
    return out.sort((a, b) => a - b);
  }

  private state(members: number[], atStart = false): DfaState {
    const key = (atStart ? 's' : '') + members.join(',');
    const known = this.cache.get(key);
    if (known) return known;
    let matched = false;
    for (const id of members) if (this.nfa[id]!.kind === MATCH) matched = true;
    const state: DfaState = {
      key,
      members: Int32Array.from(members),
      matched,
      acceptsAtEnd: matched || this.reachesMatchAtEnd(members, atStart),
      // A later start can still match unless the pattern can only match from the input's start.
      dead: members.length === 0 && this.laterStart().length === 0,
      next: new Array<DfaState | undefined>(this.classCount),
    };
    if ((this.cache.size + 1) * this.classCount <= MAX_DFA_SLOTS) this.cache.set(key, state);
    return state;
  }

  private laterStartMembers: number[] | undefined;
  /** Where a match starting after the input's first position begins (the search is unanchored). */
  private laterStart(): number[] {
    return (this.laterStartMembers ??= this.closure([this.startState], false));
  }

  /** At the end of the input, `$` holds: does a MATCH follow from the END states (and splits)? */
  private reachesMatchAtEnd(members: number[], atStart: boolean): boolean {
    const pending = members.filter((id) => this.nfa[id]!.kind === END).map((id) => this.nfa[id]!.out[0]!);
    const seen = new Set<number>();
    while (pending.length) {
      const id = pending.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const s = this.nfa[id]!;
      if (s.kind === MATCH) return true;
      // An END reached here still holds; START only on an empty input, at its start.
      if (s.kind === SPLIT || s.kind === END || (s.kind === START && atStart)) pending.push(...s.out);
    }
    return false;
  }

  private step(from: DfaState, c: number): DfaState {
    const targets: number[] = [];
    for (const id of from.members) {
      const s = this.nfa[id]!;
      if (s.kind === CHAR && s.classes![c] === 1) targets.push(s.out[0]!);
    }
    const next = this.state(this.closure([...targets, ...this.laterStart()], false));
    // A state left out of the cache keeps no edges either, so memory stays within the bound.
    if (this.cache.get(from.key) === from) from.next[c] = next;
    return next;
  }
}

function inSet(set: Ranges, cp: number): boolean {
  for (let i = 0; i < set.length; i += 2) {
    if (cp < set[i]!) return false;
    if (cp <= set[i + 1]!) return true;
  }
  return false;
}
