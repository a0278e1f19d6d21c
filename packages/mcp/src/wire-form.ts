import { MAX_NESTING, pastLevel, placeOf, tooDeepAt } from './nesting.js';
import { notData, Scan, scanValue, writesItself } from './scan-value.js';

/** A handler's result as a transport writes it, or why it cannot be written (`reason` has no subject: "nests deeper than ..."). */
export type WireForm<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * What the caller will read of a handler's result: the result itself when it is plain JSON data (the
 * common case, one walk and no copy); its JSON form when JSON writes some part otherwise than it
 * stands (a Date becomes a string, an undefined property goes), so the result is judged as it will
 * be read; a refusal, with the place, where JSON cannot carry it at all (a BigInt, a function, a
 * symbol, NaN or an infinity, nesting past what can be sent). Before this, a result judged as a JS
 * value could be sent as JSON another schema refuses, and one JSON.stringify throws on was never
 * answered: the transport's send failed after the handler had returned.
 */
export function wireForm<T>(value: T, limit = MAX_NESTING): WireForm<T> {
  const verdict = scanValue(value, limit);
  if (verdict === Scan.Plain) return { ok: true, value };
  if (verdict === Scan.Deep) return { ok: false, reason: `nests deeper than ${limit} levels (at ${placeOf(value, pastLevel(limit))}), more than can be sent` };
  if (verdict === Scan.NotData) {
    // The walk stops at the first it picks, so `what` is that one's.
    let what: string | undefined;
    const at = placeOf(value, (v) => (what = notData(v)) !== undefined, '', (v) => !writesItself(v));
    return { ok: false, reason: `holds ${what ?? 'a value JSON has no form for'} at ${at || '/'}, which JSON cannot carry` };
  }
  // What a toJSON answers is taken as JSON writes it (its NaN is null, as in any JSON.stringify);
  // only values the handler itself puts in the result are refused where JSON has no form for them.
  let written: T;
  try {
    written = JSON.parse(JSON.stringify(value)) as T;
  } catch (error) {
    return { ok: false, reason: `cannot be written as JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  // A toJSON may answer something nested past the bound: the form that is sent is the one bounded.
  const deep = tooDeepAt(written, '', limit);
  if (deep !== undefined) return { ok: false, reason: `nests deeper than ${limit} levels once written as JSON (at ${deep}), more than can be sent` };
  return { ok: true, value: written };
}

