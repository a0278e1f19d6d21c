import { AsyncLocalStorage } from 'node:async_hooks';
import type { DownstreamExtra } from './forward-request.js';

/**
 * The caller's request a forwarded request is made for. An in-process upstream (withDialects) reads
 * it to hand its tool handlers the caller's authInfo and HTTP request info, as if unwrapped.
 */
export const downstreamRequest = new AsyncLocalStorage<DownstreamExtra>();
