#!/usr/bin/env node
// `toolbox <slug> --field value …`: runs a tool's compute in this process (see src/cli/toolbox.ts).
// Node cannot import TypeScript by itself: tsx is registered first.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/toolbox.ts');
process.exitCode = await main(process.argv.slice(2));
