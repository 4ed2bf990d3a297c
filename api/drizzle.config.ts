import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` (from api/) writes SQL migrations from the schema; no database needed. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
