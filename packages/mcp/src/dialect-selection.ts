import { DialectError, type Dialect, type DialectRegistry } from '@redouble/dialects';
import { DIALECT_META_KEY, INVALID_PARAMS } from './constants.js';
import { RequestError } from './request-error.js';

/**
 * Turns the dialect a request names (or the default) into a Dialect, once per distinct name:
 * answering a request must not cost a registry lookup.
 */
export class DialectSelection {
  readonly defaultName: string;
  private readonly registry: DialectRegistry;
  private readonly resolved = new Map<string, Dialect>();

  constructor(registry: DialectRegistry, defaultName: string) {
    this.registry = registry;
    this.defaultName = defaultName;
    // A wrong default is a configuration fault: the registry's own DialectError, thrown now, not
    // a JSON-RPC refusal on the first request.
    this.configured(defaultName);
  }

  /** For code, not requests: an unknown name throws the registry's DialectError. */
  configured(ref: string): Dialect {
    const known = this.resolved.get(ref);
    if (known) return known;
    const dialect = this.registry.get(ref);
    this.resolved.set(ref, dialect);
    return dialect;
  }

  /** Every name a request may use: plain names and name@version pins. */
  accepted(): string[] {
    return this.registry.names();
  }

  /**
   * The dialect for one request: the one its `_meta` names (over HTTP, the host has already copied
   * `?dialect=` there when the request named none), else the default (over stdio, the process's).
   * Unknown names and non-string values are refused with JSON-RPC -32602 listing what is accepted.
   */
  select(meta: unknown): Dialect {
    const named = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>)[DIALECT_META_KEY] : undefined;
    if (named === undefined) return this.resolve(this.defaultName);
    if (typeof named !== 'string') {
      throw this.refusal(`params._meta["${DIALECT_META_KEY}"] must be a string`, named);
    }
    return this.resolve(named);
  }

  /** Resolves a name or pin; throws the JSON-RPC refusal for an unknown one. */
  resolve(ref: string): Dialect {
    const known = this.resolved.get(ref);
    if (known) return known;
    let dialect: Dialect;
    try {
      dialect = this.registry.get(ref);
    } catch (error) {
      if (error instanceof DialectError && error.code === 'unknown-dialect') {
        throw this.refusal(`Unknown dialect ${JSON.stringify(ref)}`, ref);
      }
      throw error;
    }
    // Only known names are remembered, so hostile requests cannot grow the map.
    this.resolved.set(ref, dialect);
    return dialect;
  }

  private refusal(what: string, requested: unknown): RequestError {
    return dialectRefusal(what, requested, this.accepted());
  }
}

/** The one refusal of a dialect name, wherever it is read: JSON-RPC -32602 with what is accepted. */
export function dialectRefusal(what: string, requested: unknown, accepted: readonly string[]): RequestError {
  return new RequestError(INVALID_PARAMS, `${what}. Accepted dialects: ${accepted.join(', ')}.`, {
    key: DIALECT_META_KEY,
    requested,
    accepted: [...accepted],
  });
}
