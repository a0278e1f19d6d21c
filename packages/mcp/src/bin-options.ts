// The option readers of both bins (the proxy and the demo server), so that a value one of them
// refuses is never quietly read as something else by the other.

/**
 * Decimal digits only. Number() alone would take '' and ' ' as 0 (`--port=` listened on a random
 * port), and '0x10', '1e3', ' 5 ' and '5.0' as numbers nobody typed.
 */
const DECIMAL_DIGITS = /^[0-9]+$/;

/** An integer option's value, from min to max; throws a plain Error naming the option and the value it got. */
export function parseInteger(flag: string, text: string, min: number, max: number): number {
  const n = DECIMAL_DIGITS.test(text) ? Number(text) : Number.NaN;
  if (!(n >= min && n <= max)) throw new Error(`${flag} must be a whole number from ${min} to ${max} in decimal digits, got ${JSON.stringify(text)}.`);
  return n;
}

/** `--port`: 0 to 65535, where 0 (documented in both usages) lets the system pick a free port. */
export function parsePort(text: string): number {
  return parseInteger('--port', text, 0, 65535);
}

/** `--host`: node reads an empty host as every interface, the opposite of what an empty value suggests, so it is refused. */
export function parseHost(text: string): string {
  if (text.trim() === '') throw new Error(`--host must name an address or a host name, got ${JSON.stringify(text)}.`);
  return text;
}
