// Writes dist/sw.js after `vite build`: precaches the shell, the registry and every chunk (each
// tool's view and compute, the compute worker) so every tool works offline after the first visit.
import { fileURLToPath } from 'node:url';
import { generateSW } from 'workbox-build';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: ['**/*.{html,js,css,svg,png,ico,webmanifest,woff2,json}'],
  swDest: `${dist}/sw.js`,
  mode: 'production',
  sourcemap: false,
  inlineWorkboxRuntime: true,
  // Every visitor precaches this, so a very large chunk (the spreadsheet writer of the admin exports,
  // ~930 KB) is left out: it is cached on first use instead (runtime rule below).
  maximumFileSizeToCacheInBytes: 512 * 1024,
  // Vite's hashed file names already change with their content.
  dontCacheBustURLsMatching: /^assets\//,
  navigateFallback: '/index.html',
  navigateFallbackDenylist: [/^\/api\//],
  // A new deployment takes over open pages at once; the page offers a reload (src/register-sw.tsx).
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  runtimeCaching: [
    {
      urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/assets/'),
      handler: 'CacheFirst',
      options: { cacheName: 'large-assets', expiration: { maxEntries: 20 } },
    },
    {
      urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/data/'),
      handler: 'NetworkFirst',
      options: {
        cacheName: 'api-data',
        networkTimeoutSeconds: 5,
        expiration: { maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60 },
        cacheableResponse: { statuses: [200] },
      },
    },
  ],
});

for (const warning of warnings) console.warn(warning);
console.log(`sw.js: ${count} files precached, ${(size / 1024).toFixed(1)} KiB`);
