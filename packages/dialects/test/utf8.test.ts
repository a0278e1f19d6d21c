// What is wrong with bytes that are not UTF-8, said as what they are (round 18: a character cut
// short and a UTF-16 file were both "does not start a valid UTF-8 character").
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../src/utf8.js';

const said = (...bytes: number[]): string => {
  const r = decodeUtf8(new Uint8Array(bytes));
  return r.ok ? 'ok' : `${r.line}:${r.column} @${r.byteOffset} ${r.message}`;
};

describe('decodeUtf8', () => {
  it('reads UTF-8, and says where and how other bytes are not', () => {
    expect(said(0x78, 0xc3, 0xa9)).toBe('ok');
    expect(said(0xff, 0xfe, 0x41, 0x00)).toBe('1:1 @0 not UTF-8: the bytes start with a UTF-16 byte order mark (0xFF 0xFE): this is UTF-16 text; save it as UTF-8');
    expect(said(0x41, 0x0a, 0x42, 0xff)).toBe('2:2 @3 not UTF-8: the byte 0xFF at byte offset 3 is never part of UTF-8 text');
    expect(said(0x41, 0x80)).toBe('1:2 @1 not UTF-8: the byte 0x80 at byte offset 1 continues a UTF-8 character that no byte before it started');
    expect(said(0x78, 0xc3)).toBe('1:2 @1 not UTF-8: the byte 0xC3 at byte offset 1 starts a 2-byte character, but the bytes end after 1 of them');
    expect(said(0x78, 0xe2, 0x82, 0x41)).toBe('1:2 @1 not UTF-8: the byte 0xE2 at byte offset 1 starts a 3-byte character, but its byte 3 (0x41) does not continue it');
    expect(said(0xed, 0xa0, 0x80)).toBe('1:1 @0 not UTF-8: the bytes 0xED 0xA0 0x80 at byte offset 0 spell no character (an overlong form, a UTF-16 surrogate, or past U+10FFFF)');
  });
});
