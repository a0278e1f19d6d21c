/**
 * A worker thread that runs patterns on the native engine, for the patterns no linear engine can
 * run (look-around, back-references). A native match can backtrack for minutes; in the worker it
 * can be stopped: when a batch of tests outlives its time, the worker is terminated (which
 * interrupts the match) and a fresh one starts for the next batch. A batch holds every test one
 * judged document needs, so a document with many strings pays one round trip, not one per string.
 *
 * Two ways to ask, each on a worker of its own:
 * - `runSync` blocks the calling thread at most `timeoutMs` (Atomics.wait on a shared flag, then
 *   the answer is taken off the port synchronously), for the judge's synchronous API;
 * - `runAsync` never blocks the event loop.
 * The worker's own start (tens of milliseconds, once) is not counted against a batch's time.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

// CommonJS, evaluated: the worker needs no file of its own in the package or under the test runner.
// state[0]: the id of the last batch answered; state[1]: 1 once started; state[2]: the test running.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.shared);
const port = workerData.port;
const compiled = new Map();
port.on('message', (batch) => {
  const matched = [];
  let error;
  try {
    for (let i = 0; i < batch.tests.length; i++) {
      Atomics.store(state, 2, i);
      const test = batch.tests[i];
      let re = compiled.get(test.source);
      if (re === undefined) {
        if (compiled.size > 4096) compiled.clear();
        re = new RegExp(test.source, 'u');
        compiled.set(test.source, re);
      }
      matched.push(re.test(test.input));
    }
  } catch (e) {
    error = String(e);
  }
  port.postMessage({ id: batch.id, matched, error });
  Atomics.store(state, 0, batch.id);
  Atomics.notify(state, 0);
});
Atomics.store(state, 1, 1);
Atomics.notify(state, 1);
`;

/** How long a caller waits, once, for a worker to start. */
const START_LIMIT_MS = 10_000;

export interface PatternTest {
  source: string;
  input: string;
}

/** The verdicts in order, or the index of the test that was still running when time ran out. */
export type BatchOutcome = { matched: boolean[]; elapsedMs?: number } | { timedOut: number };

interface Answer {
  id: number;
  matched: boolean[];
  error?: string;
}

class Thread {
  readonly state = new Int32Array(new SharedArrayBuffer(12));
  readonly port: MessagePort;
  private readonly worker: Worker;
  /** Settles once the worker runs JavaScript. */
  readonly online: Promise<unknown>;

  constructor() {
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { shared: this.state.buffer, port: channel.port2 }, transferList: [channel.port2] });
    // Never keeps a process alive on its own; a pending async batch refs the port meanwhile.
    this.worker.unref();
    this.port.unref();
    this.worker.on('error', () => undefined);
    this.online = new Promise((resolve) => this.worker.once('online', resolve));
  }

  get started(): boolean {
    return Atomics.load(this.state, 1) === 1;
  }

  /** Ends the worker, and with it a match in progress. */
  stop(): BatchOutcome {
    const running = Atomics.load(this.state, 2);
    this.port.close();
    void this.worker.terminate().catch(() => undefined);
    return { timedOut: running };
  }
}

function settle(answer: Answer): BatchOutcome {
  // The patterns were compiled natively before they got here: an error is a bug, not a verdict.
  if (answer.error !== undefined) throw new Error(`A pattern failed in the pattern worker: ${answer.error}`);
  return { matched: answer.matched };
}

let syncThread: Thread | undefined;
let nextSyncId = 0;

/** Runs a batch, blocking the calling thread at most `timeoutMs` once the worker is up. */
export function runSync(tests: PatternTest[], timeoutMs: number): BatchOutcome {
  const thread = (syncThread ??= startThread());
  if (!thread) return { timedOut: 0 };
  if (!thread.started) Atomics.wait(thread.state, 1, 0, START_LIMIT_MS);
  const id = ++nextSyncId;
  thread.port.postMessage({ id, tests });
  const deadline = performance.now() + timeoutMs;
  for (let done = Atomics.load(thread.state, 0); done !== id; done = Atomics.load(thread.state, 0)) {
    const left = deadline - performance.now();
    if (left <= 0 || (Atomics.wait(thread.state, 0, done, left) === 'timed-out' && Atomics.load(thread.state, 0) !== id)) {
      syncThread = undefined;
      return thread.stop();
    }
  }
  for (let m = receiveMessageOnPort(thread.port); m !== undefined; m = receiveMessageOnPort(thread.port)) {
    const answer = m.message as Answer;
    if (answer.id === id) return settle(answer);
  }
  throw new Error('The pattern worker answered without a message.');
}

interface Job {
  id: number;
  tests: PatternTest[];
  timeoutMs: number;
  resolve(outcome: BatchOutcome): void;
  reject(error: unknown): void;
}

let asyncThread: Thread | undefined;
let nextAsyncId = 0;
const queue: Job[] = [];
let inFlight: { job: Job; timer: NodeJS.Timeout | undefined; armedAt: number } | undefined;

/**
 * Runs a batch without blocking. Batches run one at a time; a batch's clock starts when it is
 * sent, so time spent waiting behind another caller's batch is never counted against it.
 */
export function runAsync(tests: PatternTest[], timeoutMs: number): Promise<BatchOutcome> {
  return new Promise<BatchOutcome>((resolve, reject) => {
    queue.push({ id: ++nextAsyncId, tests, timeoutMs, resolve, reject });
    if (!inFlight) sendNext();
  });
}

/**
 * A new worker, or undefined where none can start (a permission model that forbids threads): the
 * tests are then never answered, so the documents needing them are refused, as on a timeout.
 */
function startThread(): Thread | undefined {
  try {
    return new Thread();
  } catch {
    return undefined;
  }
}

function asyncWorker(): Thread | undefined {
  if (asyncThread) return asyncThread;
  const thread = startThread();
  if (!thread) return undefined;
  thread.port.on('message', (answer: Answer) => {
    const current = inFlight;
    if (!current || current.job.id !== answer.id) return;
    clearTimeout(current.timer);
    inFlight = undefined;
    try {
      current.job.resolve({ ...settle(answer), elapsedMs: performance.now() - current.armedAt });
    } catch (error) {
      current.job.reject(error);
    }
    sendNext();
  });
  thread.port.unref();
  return (asyncThread = thread);
}

function sendNext(): void {
  const job = queue.shift();
  if (!job) {
    asyncThread?.port.unref();
    return;
  }
  const thread = asyncWorker();
  if (!thread) {
    job.resolve({ timedOut: 0 });
    sendNext();
    return;
  }
  thread.port.ref();
  const arm = (): NodeJS.Timeout =>
    setTimeout(() => {
      if (inFlight?.job !== job) return;
      inFlight = undefined;
      if (asyncThread === thread) asyncThread = undefined;
      job.resolve(thread.stop());
      sendNext();
    }, job.timeoutMs);
  thread.port.postMessage({ id: job.id, tests: job.tests });
  // The worker's start is not the pattern's time: the clock starts once it is up.
  const started = thread.started;
  inFlight = { job, timer: started ? arm() : undefined, armedAt: performance.now() };
  if (!started) {
    void waitStarted(thread).then(() => {
      if (inFlight?.job !== job) return;
      inFlight.timer = arm();
      inFlight.armedAt = performance.now();
    });
  }
}

/** Resolves when the worker is up, or after START_LIMIT_MS; never rejects. */
function waitStarted(thread: Thread): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, START_LIMIT_MS);
    void thread.online.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
