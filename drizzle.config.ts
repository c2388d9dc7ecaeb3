import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './main/db/schema/index.ts',
  out: './main/db/migrations',
});
