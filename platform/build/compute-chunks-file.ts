/**
 * Where the real build writes down the compute worker's chunk of each tool, by slug (the
 * `recordComputeChunks` plugin of vite.config.ts), for scripts/prerender.mjs to read: relative to
 * the platform folder.
 */
export const COMPUTE_CHUNKS_FILE = 'node_modules/.compute-chunks.json';
