/** Import boundaries of the architecture (README "Layout", docs/plugins.md "Boundaries"), checked by `npm run lint`. */
module.exports = {
  forbidden: [
    {
      name: 'plugin-imports-other-plugin',
      comment: 'A plugin never imports another plugin; shared logic goes to sdk or plugins/_shared.',
      severity: 'error',
      from: { path: '^plugins/([^_/][^/]*)/' },
      to: { path: '^plugins/([^/]+)/', pathNot: ['^plugins/$1/', '^plugins/_shared/'] },
    },
    {
      name: 'plugin-imports-platform-or-api',
      severity: 'error',
      from: { path: '^plugins/' },
      to: { path: '^(platform|api)/' },
    },
    {
      name: 'compute-is-pure',
      comment:
        'compute.ts must run in a Worker and in plain Node: no React, Mantine or DOM libraries, not even through a module it imports.',
      severity: 'error',
      from: { path: '^plugins/[^/]+/compute\\.ts$' },
      to: {
        path: '(^|/)node_modules/(react|react-dom|@mantine/[^/]+|@tanstack/react-[^/]+|@tabler/[^/]+)/',
        reachable: true,
      },
    },
    {
      name: 'view-imports-compute-values',
      comment:
        "A view takes only types from compute.ts (`import type`): its values would bring the compute's schemas, and valibot, into the page. What both need lives in a module of its own.",
      severity: 'error',
      from: { path: '^plugins/', pathNot: '(^|/)compute\\.ts$|\\.test\\.tsx?$' },
      to: { path: '^plugins/[^/]+/compute\\.ts$' },
    },
    {
      name: 'page-code-validates-without-valibot',
      comment:
        'Only compute.ts (in the worker) uses valibot; code that runs on the page checks data with plain code.',
      severity: 'error',
      from: { path: '^(plugins|platform)/.*\\.tsx$' },
      to: { path: '(^|/)node_modules/valibot/' },
    },
    {
      name: 'platform-reaches-into-plugin',
      comment:
        'The platform knows plugins through the registry (with the search words) and the worker through computes only.',
      severity: 'error',
      from: { path: '^platform/' },
      to: { path: '^plugins/', pathNot: ['^plugins/(registry|search-words|computes)\\.ts$'] },
    },
    {
      name: 'sdk-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^sdk/' },
      to: { path: '^(plugins|platform|api|tests)/' },
    },
    {
      name: 'api-imports-only-sdk',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^(plugins|platform|tests)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, pathNot: ['^plugins/[^/]+/(manifest|view|compute)\\.tsx?$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Our build outputs (platform/dist, api/drizzle); a package's own dist/ is still seen.
    exclude: { path: '^[^/]+/(dist|drizzle)/' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    combinedDependencies: false,
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
