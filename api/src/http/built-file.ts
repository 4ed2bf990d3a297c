import { statSync } from 'node:fs';

/**
 * A file of the built folder, parsed by `parse`, and parsed again when a new build replaces it
 * (its modification time moves). Undefined while the file is missing or does not parse.
 */
export function builtFile<T>(path: string, parse: (path: string) => T): () => T | undefined {
  let cached: { mtimeMs: number; value: T } | undefined;
  return () => {
    try {
      const { mtimeMs } = statSync(path);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: parse(path) };
      return cached.value;
    } catch {
      return undefined;
    }
  };
}
