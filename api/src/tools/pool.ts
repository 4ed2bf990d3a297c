/**
 * A small pool of worker threads running tool computes, so a compute that runs too long can be
 * stopped: its worker is terminated (a busy loop cannot be interrupted any other way) and replaced.
 * One compute per worker at a time; further ones wait in a queue. Workers start on first use and
 * do not keep the process alive.
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

/** Too many computes are waiting already. */
export class ComputeBusyError extends Error {
  override name = 'ComputeBusyError';
}

export interface ComputePoolOptions {
  /** Worker threads; default min(2, CPUs). */
  size?: number | undefined;
  /** How long one compute may run, from the moment its module is loaded. */
  timeoutMs: number;
  /** Computes allowed to wait for a worker; more are refused. Default 100. */
  maxQueue?: number | undefined;
}

interface Task {
  file: string;
  input: unknown;
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
  readonly #slots: Slot[] = [];
  readonly #queue: Task[] = [];
  #nextId = 1;
  #closed = false;

  constructor({ size, timeoutMs, maxQueue = 100 }: ComputePoolOptions) {
    this.#size = Math.max(1, size ?? Math.min(2, availableParallelism()));
    this.#timeoutMs = timeoutMs;
    this.#maxQueue = maxQueue;
  }

  /** Runs `compute(input)` of the module in `file`; rejects on time-out, a full queue or a crash. */
  run(file: string, input: unknown): Promise<Result<unknown>> {
    if (this.#closed) return Promise.reject(new Error('The compute pool is closed.'));
    return new Promise((resolve, reject) => {
      const task = { file, input, resolve, reject };
      const idle = this.#idleSlot();
      if (idle) this.#start(idle, task);
      else if (this.#queue.length >= this.#maxQueue)
        reject(new ComputeBusyError('Too many calculations waiting.'));
      else this.#queue.push(task);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.splice(0)) task.reject(new Error('The compute pool is closed.'));
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
    slot.task = undefined;
    const next = this.#queue.shift();
    if (next) this.#start(slot, next);
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
    slot.task = undefined;
    this.#slots.splice(index, 1);
    void slot.worker.terminate();
    if (this.#closed) return;
    const next = this.#queue.shift();
    if (next) {
      const fresh = this.#spawn();
      this.#slots.push(fresh);
      this.#start(fresh, next);
    }
  }
}
