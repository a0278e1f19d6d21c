import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { answerableId } from './check-json-rpc.js';
import { INTERNAL_ERROR, INVALID_REQUEST } from './constants.js';

/** What a stdio transport does with a line that is a JSON array (a JSON-RPC batch). */
export interface BatchRefusal {
  /** Written back to the sender: an error for each request in the batch, under its own id (or one under id null). */
  answers: JSONRPCMessage[];
  /** Answers found in the batch on the client end, turned into errors under their ids, for the requests waiting on them. */
  delivered: JSONRPCMessage[];
  /** What was refused and how, for onerror. */
  report: string;
}

const SEND_APART = 'send each message on its own line';

/**
 * The refusal of a batch line. MCP over stdio took batches in 2025-03-26 and dropped them in
 * 2025-06-18; the SDK's Protocol routes single messages only, so a batch is read under no version
 * here. Dropped silently (as the SDK's own transport does), every request in it waited for ever:
 * so each request (jsonrpc "2.0", a string method, a string or integer id) is answered under its
 * own id. Notifications and elements that are not objects have nobody waiting and get nothing.
 * On the server end, a batch with no request to answer (`[]` among them) gets one error under id
 * null, as JSON-RPC 2.0 answers an invalid batch; the client end (toward an upstream, which asked
 * nothing) sends no such answer, but an answer inside the batch reaches the request it was for as
 * an error, so that request fails with the reason at once instead of at its timeout.
 */
export function refuseBatch(batch: readonly unknown[], side: 'server' | 'client'): BatchRefusal {
  const size = batch.length;
  const answers: JSONRPCMessage[] = [];
  const delivered: JSONRPCMessage[] = [];
  batch.forEach((element, index) => {
    const where = `element ${index} of a batch of ${size}`;
    const id = answerableId(element);
    if (id !== undefined) {
      answers.push({ jsonrpc: '2.0', id, error: { code: INVALID_REQUEST, message: `Invalid Request: a batch (a JSON array of messages) is not accepted on this transport; ${SEND_APART}. This request was ${where}.` } });
      return;
    }
    const answered = side === 'client' ? answerId(element) : undefined;
    if (answered !== undefined) {
      delivered.push({ jsonrpc: '2.0', id: answered, error: { code: INTERNAL_ERROR, message: `The server sent its answer as ${where}; a batch is not accepted on this transport, so the answer was not read.` } });
    }
  });
  if (answers.length === 0 && side === 'server') {
    const message =
      size === 0
        ? `Invalid Request: an empty batch ([]) is not a JSON-RPC message, and batches are not accepted on this transport; ${SEND_APART}.`
        : `Invalid Request: a batch (a JSON array of ${size} message${size === 1 ? '' : 's'}) is not accepted on this transport, and no element of it is a request with an id to answer; ${SEND_APART}.`;
    // JSON-RPC 2.0 answers an invalid batch under id null, which the SDK's message types do not allow.
    answers.push({ jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message } } as unknown as JSONRPCMessage);
  }
  return { answers, delivered, report: report(size, answers, delivered, side) };
}

function report(size: number, answers: readonly JSONRPCMessage[], delivered: readonly JSONRPCMessage[], side: 'server' | 'client'): string {
  const ids = answers.map((a) => (a as { id: unknown }).id).filter((id) => id !== null);
  const told =
    ids.length > 0
      ? `its request(s) ${ids.map((id) => JSON.stringify(id)).join(', ')} answered with -32600`
      : side === 'server'
        ? 'answered with one -32600 under id null (no request in it to answer)'
        : 'no request in it to answer';
  const failed = delivered.length > 0 ? `; the request(s) ${delivered.map((d) => JSON.stringify((d as { id: unknown }).id)).join(', ')} its answers were for fail with that reason` : '';
  return `refused a batch line (a JSON array of ${size} element${size === 1 ? '' : 's'}): batches are not accepted on this transport; ${told}${failed}.`;
}

/** The id of an answer (a result or an error, no method) whose request is waiting for it. */
function answerId(element: unknown): string | number | undefined {
  if (element === null || typeof element !== 'object' || Array.isArray(element)) return undefined;
  const m = element as Record<string, unknown>;
  if ('method' in m || !('result' in m || 'error' in m)) return undefined;
  return typeof m.id === 'string' || Number.isInteger(m.id) ? (m.id as string | number) : undefined;
}
