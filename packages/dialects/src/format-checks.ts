/**
 * Format checks that replace ajv-formats' own where those refuse values the format's RFC admits.
 * The judge asserts `format`, as the MCP TypeScript SDK's validator does (a model is told "Must be
 * an ISO-8601 date."); 2020-12 makes format an annotation by default, so a checker more lenient
 * than the RFC only accepts what the canonical schema accepts anyway, but one stricter than the
 * RFC refuses valid calls. Found by the JSON-Schema-Test-Suite's optional format tests:
 *
 * - date-time: a second fraction of fifteen nines was read as a number, rounded up to 60 and
 *   refused; an offset without minutes and hour 24 with a leap second were accepted;
 * - email: a quoted local part (`"joe bloggs"@example.com`) and an address literal
 *   (`joe@[127.0.0.1]`, `joe@[IPv6:::1]`), both RFC 5321 mailboxes, were refused;
 * - uri-template: a dotted variable name (`{a.b}`) and an apostrophe in a literal were refused.
 */
import { isIPv4, isIPv6 } from 'node:net';

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS[month - 1]!;
}

// RFC 3339 section 5.6; "T" and "Z" may be lower case (its note to section 5.6). ASCII digits only.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** An RFC 3339 date-time: real calendar days, a leap second only at 23:59:60 UTC. */
export function isDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (m === null) return false;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 60) return false;
  const offHour = m[8] === undefined ? 0 : Number(m[8]);
  const offMinute = m[9] === undefined ? 0 : Number(m[9]);
  if (offHour > 23 || offMinute > 59) return false;
  if (second < 60) return true;
  // A leap second is the last second of a UTC day: 23:59:60 once the offset is taken off.
  const sign = m[7] === '-' ? -1 : 1;
  const utc = (((hour * 60 + minute - sign * (offHour * 60 + offMinute)) % 1440) + 1440) % 1440;
  return utc === 23 * 60 + 59;
}

// RFC 5321 section 4.1.2: a dot-string or a quoted string, then a domain or an address literal.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL = new RegExp(`^(?:${ATOM}(?:\\.${ATOM})*|"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\x20-\\x7e])*")$`);
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** An RFC 5321 mailbox (ASCII; idn-email is another format). */
export function isEmail(s: string): boolean {
  const at = s.lastIndexOf('@');
  if (at <= 0 || at === s.length - 1 || s.length > 320) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  if (domain.startsWith('[') && domain.endsWith(']')) {
    const literal = domain.slice(1, -1);
    return literal.startsWith('IPv6:') ? isIPv6(literal.slice(5)) : isIPv4(literal);
  }
  return domain.length <= 255 && domain.split('.').every((label) => LABEL.test(label));
}

// RFC 6570 section 2: literals and expressions; an apostrophe is a literal (erratum 6937).
const VARCHAR = '(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})';
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9][0-9]{0,3}|\\*)?`;
const URI_TEMPLATE = new RegExp(`^(?:[^\\x00-\\x20\\x7f"%<>\\\\^\`{|}]|%[0-9A-Fa-f]{2}|\\{[+#./;?&]?${VARSPEC}(?:,${VARSPEC})*\\})*$`, 'u');

/** An RFC 6570 URI template (levels 1 to 4). */
export function isUriTemplate(s: string): boolean {
  return URI_TEMPLATE.test(s);
}

/** The checks given to every Ajv instance after ajv-formats' own, by format name. */
export const FORMAT_CHECKS: ReadonlyArray<readonly [string, (s: string) => boolean]> = [
  ['date-time', isDateTime],
  ['email', isEmail],
  ['uri-template', isUriTemplate],
];
