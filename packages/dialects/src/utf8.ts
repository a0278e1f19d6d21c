/**
 * Strict UTF-8 for every file and stream the project reads (rule files here, the CLI's inputs and
 * case folders). Lenient decoding (node's `'utf8'`, a plain TextDecoder) turns bytes that are not
 * UTF-8 into U+FFFD without a word, even inside a property name or a sentence, so the output would
 * say what nobody wrote. Such bytes are refused at the first bad one instead.
 */

export type Utf8Reading =
  | { ok: true; text: string }
  | {
      ok: false;
      /** Where the first bad sequence starts, counted in characters as the parsers count, after any byte-order mark. */
      line: number;
      column: number;
      /** Of the first byte of the first bad sequence, from the start of the bytes. */
      byteOffset: number;
      /** `not UTF-8: the byte 0xFF at byte offset 12 is never part of UTF-8 text`, or what else is wrong there (whatIsWrong). */
      message: string;
    };

// ignoreBOM: the mark stays in the text, as node's 'utf8' leaves it, so each reader keeps its own handling of it.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes as text, exactly as node's 'utf8' would give them when they are UTF-8; else where they are not. */
export function decodeUtf8(bytes: Uint8Array): Utf8Reading {
  try {
    return { ok: true, text: strict.decode(bytes) };
  } catch {
    return firstBadSequence(bytes);
  }
}

/**
 * Where strict decoding failed. The lenient decoder decodes every valid character exactly and puts
 * one U+FFFD for each bad sequence, so the first U+FFFD the bytes do not spell out (EF BF BD) is
 * the first bad sequence; counting the bytes of the text before it gives its offset.
 */
function firstBadSequence(bytes: Uint8Array): Utf8Reading {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  let offset = 0;
  let counted = 0;
  for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) {
    offset += Buffer.byteLength(text.slice(counted, i));
    counted = i;
    if (bytes[offset] !== 0xef || bytes[offset + 1] !== 0xbf || bytes[offset + 2] !== 0xbd) {
      const before = text.slice(0, i).replace(/^\uFEFF/, '');
      const lineStart = before.lastIndexOf('\n') + 1;
      const line = before.slice(0, lineStart).split('\n').length;
      const message = `not UTF-8: ${whatIsWrong(bytes, offset)}`;
      return { ok: false, line, column: before.length - lineStart + 1, byteOffset: offset, message };
    }
  }
  // Unreachable: the strict decoder failed, so a bad sequence exists. Say so rather than guess a place.
  throw new Error('strict UTF-8 decoding failed, but no bad byte was found');
}

const hex = (b: number | undefined): string => (b === undefined ? '' : `0x${b.toString(16).toUpperCase().padStart(2, '0')}`);
const continues = (b: number | undefined): boolean => b !== undefined && b >= 0x80 && b <= 0xbf;

/**
 * What the bad sequence at `offset` is, in words: text in UTF-16 (its byte order mark), a byte
 * UTF-8 never uses, a continuation byte with no character started, a character cut short, or a
 * sequence that spells no character (an overlong form, a UTF-16 surrogate, past U+10FFFF).
 */
function whatIsWrong(bytes: Uint8Array, offset: number): string {
  const b = bytes[offset]!;
  if (offset === 0 && ((b === 0xff && bytes[1] === 0xfe) || (b === 0xfe && bytes[1] === 0xff))) {
    return `the bytes start with a UTF-16 byte order mark (${hex(b)} ${hex(bytes[1])}): this is UTF-16 text; save it as UTF-8`;
  }
  const at = `at byte offset ${offset}`;
  if (b < 0x80 || b === 0xc0 || b === 0xc1 || b >= 0xf5) return `the byte ${hex(b)} ${at} is never part of UTF-8 text`;
  if (b <= 0xbf) return `the byte ${hex(b)} ${at} continues a UTF-8 character that no byte before it started`;
  const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
  for (let k = 1; k < length; k++) {
    const next = bytes[offset + k];
    if (next === undefined) return `the byte ${hex(b)} ${at} starts a ${length}-byte character, but the bytes end after ${k} of them`;
    if (!continues(next)) return `the byte ${hex(b)} ${at} starts a ${length}-byte character, but its byte ${k + 1} (${hex(next)}) does not continue it`;
  }
  const spelled = Array.from(bytes.subarray(offset, offset + length), hex).join(' ');
  return `the bytes ${spelled} ${at} spell no character (an overlong form, a UTF-16 surrogate, or past U+10FFFF)`;
}
