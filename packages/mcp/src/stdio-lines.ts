import { Transform, type TransformCallback } from 'node:stream';

/** A line past the limit, skipped whole: its length and its first bytes (where a JSON-RPC id usually stands). */
export interface SkippedLine {
  bytes: number;
  head: string;
}

/** How many leading bytes of a skipped line are kept, to find its id. */
const HEAD_BYTES = 512;

/**
 * Re-chunks a byte stream into whole lines (one chunk per run of complete lines). A line longer
 * than `limit` bytes is skipped whole, never buffered past the limit: `onSkipped` hears its length
 * and head once its newline arrives, and the lines after it are read as before. The SDK's stdio
 * reader concatenates its buffer and searches it again for every chunk it gets, so a 10 MB line
 * arriving in pipe-sized pieces costs it seconds of event loop; handed whole lines, it does one
 * pass per line.
 */
export class LineChunker extends Transform {
  private pending: Buffer[] = [];
  private size = 0;
  /** While a line past the limit is being skipped: its bytes so far and its head. */
  private skipping: { bytes: number; head: Buffer } | undefined;

  constructor(
    private readonly limit: number,
    private readonly onSkipped: (line: SkippedLine) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let from = 0;
    if (this.skipping) {
      const nl = chunk.indexOf(10);
      if (nl < 0) {
        this.skipping.bytes += chunk.length;
        return done();
      }
      this.endSkip(nl);
      from = nl + 1;
    }
    let lineStart = from;
    let lastEnd = -1;
    for (let nl = chunk.indexOf(10, from); nl >= 0; nl = chunk.indexOf(10, nl + 1)) {
      const length = (lastEnd < 0 ? this.size : 0) + nl - lineStart;
      if (length > this.limit) {
        // The complete lines before it go on; this one is skipped up to its newline.
        if (lastEnd >= 0) this.flushLines(chunk.subarray(from, lastEnd + 1));
        this.startSkip(chunk.subarray(lineStart, nl), length);
        this.dropPending();
        this.endSkip(-1);
        return this._transform(chunk.subarray(nl + 1), _encoding, done);
      }
      lineStart = nl + 1;
      lastEnd = nl;
    }
    if (lastEnd >= 0) this.flushLines(chunk.subarray(from, lastEnd + 1));
    const rest = chunk.subarray(lastEnd >= 0 ? lastEnd + 1 : from);
    if (rest.length > 0) {
      if (this.size + rest.length > this.limit) {
        this.startSkip(rest.subarray(0, HEAD_BYTES), this.size + rest.length);
        this.dropPending();
        return done();
      }
      this.size += rest.length;
      this.pending.push(rest);
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.skipping) this.endSkip(-1);
    else if (this.size > 0) this.push(Buffer.concat(this.pending));
    done();
  }

  /** Complete lines in `lines` (ending with a newline), after whatever was pending. */
  private flushLines(lines: Buffer): void {
    this.pending.push(lines);
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.dropPending();
  }

  private dropPending(): void {
    this.pending = [];
    this.size = 0;
  }

  /** `start`: the line's first bytes at hand (the pending part included); `bytes`: its length so far. */
  private startSkip(start: Buffer, bytes: number): void {
    const pendingHead = this.pending.length > 0 ? Buffer.concat(this.pending) : undefined;
    const head = pendingHead ? Buffer.concat([pendingHead, start]) : start;
    this.skipping = { bytes, head: Buffer.from(head.subarray(0, HEAD_BYTES)) };
  }

  /** The skipped line ends at `nl` in the current chunk (-1: its length is already counted). */
  private endSkip(nl: number): void {
    const skipped = this.skipping!;
    this.skipping = undefined;
    if (nl > 0) skipped.bytes += nl;
    this.onSkipped({ bytes: skipped.bytes, head: skipped.head.toString('utf8') });
  }
}
