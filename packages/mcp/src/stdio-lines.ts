import { Transform, type TransformCallback } from 'node:stream';

/**
 * Re-chunks a byte stream into whole lines (one chunk per run of complete lines) and refuses a
 * line longer than `limit` bytes with an error. The SDK's stdio reader concatenates its buffer
 * and searches it again for every chunk it gets, so a 10 MB line arriving in pipe-sized pieces
 * costs it seconds of event loop; handed whole lines, it does one pass per line.
 */
export class LineChunker extends Transform {
  private pending: Buffer[] = [];
  private size = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let lineStart = 0;
    let lastEnd = -1;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, nl + 1)) {
      const length = (lastEnd < 0 ? this.size : 0) + nl - lineStart;
      if (length > this.limit) return done(this.tooLong());
      lineStart = nl + 1;
      lastEnd = nl;
    }
    if (lastEnd >= 0) {
      this.pending.push(chunk.subarray(0, lastEnd + 1));
      this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
      this.pending = [];
      this.size = 0;
    }
    const rest = chunk.subarray(lastEnd + 1);
    if (rest.length > 0) {
      this.size += rest.length;
      if (this.size > this.limit) return done(this.tooLong());
      this.pending.push(rest);
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.size > 0) this.push(Buffer.concat(this.pending));
    done();
  }

  private tooLong(): Error {
    this.pending = [];
    return new Error(`a line on stdin is longer than ${this.limit} bytes, the most this server reads as one message`);
  }
}
