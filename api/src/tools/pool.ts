/**
 * A small pool of worker threads running tool computes, so a compute that runs too long can be
 * stopped: its worker is terminated (a busy loop cannot be interrupted any other way) and replaced.
 * One compute per worker at a time; further ones wait. Waiting computes are taken in turn by caller
 * (a client's address): a caller who sends many cannot make everyone else wait behind all of them,
 * and may have only so many waiting. Workers start on first use and do not keep the process alive.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Result } from '@toolbox/sdk';

const WORKER_FILE = new URL('./compute-worker.mjs', import.meta.url);

/** The compute ran past its time and was stopped. */
export class ComputeTimeoutError extends Error {
  override name = 'ComputeTimeoutError';
}

/** The input could not be handed to a worker (nested too deeply to copy, or not copyable at all). */
export class ComputeInputError extends Error {
  override name = 'ComputeInputError';
}

/** Too many computes are waiting already: in all, or (`ofCaller`) of the same caller. */
export class ComputeBusyError extends Error {
  override name = 'ComputeBusyError';
  constructor(
    message: string,
    readonly ofCaller = false,
  ) {
    super(message);
  }
}

export interface ComputePoolOptions {
  /** Worker threads; default min(2, CPUs). */
  size?: number | undefined;
  /** How long one compute may run, from the moment its module is loaded. */
  timeoutMs: number;
  /** Computes allowed to wait for a worker; more are refused. Default 100. */
  maxQueue?: number | undefined;
  /** Computes one caller may have waiting; more of theirs are refused. Default 10. */
  maxQueuePerCaller?: number | undefined;
}

interface Task {
  file: string;
  input: unknown;
  caller: string;
  resolve: (result: Result<unknown>) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: (Task & { id: number }) | undefined;
  timer: NodeJS.Timeout | undefined;
}

type WorkerMessage =
  | { id: number; started: true }
  | { id: number; result: Result<unknown> }
  | { id: number; error: string };

export class ComputePool {
  readonly #size: number;
  readonly #timeoutMs: number;
  readonly #maxQueue: number;
  readonly #maxQueuePerCaller: number;
  readonly #slots: Slot[] = [];
  /** Waiting computes by caller, in the order each caller's first one came. */
  readonly #queue = new Map<string, Task[]>();
  /** The id of each caller's latest compute started, while the caller has one running or waiting. */
  readonly #lastStarted = new Map<string, number>();
  #nextId = 1;
  #closed = false;

  constructor({ size, timeoutMs, maxQueue = 100, maxQueuePerCaller = 10 }: ComputePoolOptions) {
    this.#size = Math.max(1, size ?? Math.min(2, availableParallelism()));
    this.#timeoutMs = timeoutMs;
    this.#maxQueue = maxQueue;
    this.#maxQueuePerCaller = maxQueuePerCaller;
  }

  /**
   * Runs `compute(input)` of the module in `file` for `caller`; rejects on time-out, a full queue
   * (the caller's own or the whole one) or a crash.
   */
  run(file: string, input: unknown, caller = ''): Promise<Result<unknown>> {
    if (this.#closed) return Promise.reject(new Error('The compute pool is closed.'));
    return new Promise((resolve, reject) => {
      const task = { file, input, caller, resolve, reject };
      const idle = this.#idleSlot();
      const waiting = this.#queue.get(caller) ?? [];
      if (idle) this.#start(idle, task);
      else if (waiting.length >= this.#maxQueuePerCaller)
        reject(new ComputeBusyError('Too many calculations of this caller waiting.', true));
      else if (this.#waitingCount() >= this.#maxQueue)
        reject(new ComputeBusyError('Too many calculations waiting.'));
      else {
        waiting.push(task);
        this.#queue.set(caller, waiting);
      }
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const waiting = [...this.#queue.values()].flat();
    this.#queue.clear();
    this.#lastStarted.clear();
    for (const task of waiting) task.reject(new Error('The compute pool is closed.'));
    await Promise.all(
      this.#slots.splice(0).map((slot) => {
        slot.task?.reject(new Error('The compute pool is closed.'));
        if (slot.timer) clearTimeout(slot.timer);
        return slot.worker.terminate();
      }),
    );
  }

  #idleSlot(): Slot | undefined {
    const idle = this.#slots.find((slot) => !slot.task);
    if (idle) return idle;
    if (this.#slots.length < this.#size) {
      const slot = this.#spawn();
      this.#slots.push(slot);
      return slot;
    }
    return undefined;
  }

  #spawn(): Slot {
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    const slot: Slot = { worker, task: undefined, timer: undefined };
    worker.on('message', (message: WorkerMessage) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      if ('started' in message) {
        slot.timer = setTimeout(() => this.#timeOut(slot), this.#timeoutMs);
        return;
      }
      this.#finish(slot);
      if ('result' in message) task.resolve(message.result);
      else task.reject(new Error(message.error));
    });
    worker.on('error', (error) => {
      const task = slot.task;
      this.#replace(slot);
      task?.reject(error);
    });
    worker.on('exit', () => {
      if (this.#slots.includes(slot)) {
        const task = slot.task;
        this.#replace(slot);
        task?.reject(new Error('A compute worker stopped.'));
      }
    });
    return slot;
  }

  #start(slot: Slot, task: Task) {
    const id = this.#nextId++;
    slot.task = { ...task, id };
    this.#lastStarted.set(task.caller, id);
    try {
      slot.worker.postMessage({ id, file: task.file, input: task.input });
    } catch (error) {
      // Nothing reached the worker: it stays free, for the next compute waiting.
      this.#finish(slot);
      task.reject(
        new ComputeInputError('The input could not be given to the calculation.', { cause: error }),
      );
    }
  }

  #finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    this.#release(slot);
    const next = this.#nextWaiting();
    if (next) this.#start(slot, next);
  }

  /** Frees the slot; its caller is forgotten when it has nothing else running or waiting. */
  #release(slot: Slot) {
    const caller = slot.task?.caller;
    slot.task = undefined;
    if (caller === undefined || this.#queue.has(caller)) return;
    if (!this.#slots.some((other) => other.task?.caller === caller)) this.#lastStarted.delete(caller);
  }

  /**
   * The next compute of the waiting caller served longest ago (one never served first; a tie goes to
   * the one waiting longest): callers take turns, whoever sends the more.
   */
  #nextWaiting(): Task | undefined {
    let turn: string | undefined;
    let servedAt = Number.POSITIVE_INFINITY;
    for (const caller of this.#queue.keys()) {
      const last = this.#lastStarted.get(caller) ?? 0;
      if (last < servedAt) [turn, servedAt] = [caller, last];
    }
    const tasks = turn === undefined ? undefined : this.#queue.get(turn);
    const task = tasks?.shift();
    if (turn !== undefined && tasks?.length === 0) this.#queue.delete(turn);
    return task;
  }

  /** Computes waiting, all callers together (at most `maxQueue`). */
  #waitingCount(): number {
    let count = 0;
    for (const tasks of this.#queue.values()) count += tasks.length;
    return count;
  }

  #timeOut(slot: Slot) {
    const task = slot.task;
    this.#replace(slot);
    task?.reject(
      new ComputeTimeoutError(`The calculation took longer than ${this.#timeoutMs} ms and was stopped.`),
    );
  }

  /** Drops a worker (terminating it) and gives its place, and the next waiting compute, to a new one. */
  #replace(slot: Slot) {
    const index = this.#slots.indexOf(slot);
    if (index === -1) return;
    if (slot.timer) clearTimeout(slot.timer);
    this.#slots.splice(index, 1);
    this.#release(slot);
    void slot.worker.terminate();
    if (this.#closed) return;
    const next = this.#nextWaiting();
    if (next) {
      const fresh = this.#spawn();
      this.#slots.push(fresh);
      this.#start(fresh, next);
    }
  }
}
