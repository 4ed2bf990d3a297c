// A compute worker (worker_threads): runs one tool compute at a time for the API's pool.
// Plain JavaScript so it starts without a loader; the plugins' TypeScript is imported with tsx.
// Messages in: { id, file, input }; out: { id, started: true } once the module is loaded, then
// { id, result } or { id, error }. The pool terminates a worker whose compute runs too long.

import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

/** @type {Map<string, Promise<{ compute: (input: unknown) => unknown }>>} */
const modules = new Map();

function load(file) {
  let module = modules.get(file);
  if (!module) {
    module = tsImport(pathToFileURL(file).href, import.meta.url);
    modules.set(file, module);
  }
  return module;
}

parentPort?.on('message', async ({ id, file, input }) => {
  try {
    const module = await load(file);
    parentPort?.postMessage({ id, started: true });
    const result = await module.compute(input);
    parentPort?.postMessage({ id, result });
  } catch (error) {
    parentPort?.postMessage({
      id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
