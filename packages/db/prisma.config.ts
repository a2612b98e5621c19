import { defineConfig } from "prisma/config";

// `prisma generate` needs no database; the URL only matters to `prisma migrate status/deploy`
// where the native engine is available.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/fuda" },
});
