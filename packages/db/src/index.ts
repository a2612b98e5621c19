export { writeAudit } from "./audit";
export type { AuditRecord } from "./audit";
export { createDb, isDb, poolOf } from "./client";
export {
  inlined,
  keptConnection,
  sqlClient,
  sqlTransaction,
  sqlTransactionOf,
} from "./sql-transaction";
export type { KeptConnection, SqlClient, SqlTransactionClient } from "./sql-transaction";
export type { Db } from "./client";
export { DatabaseUnavailableError } from "./errors";
export { isDatabaseUnreachable } from "./unreachable";
export { groupCommit } from "./group-commit";
export type { GroupCommit, GroupCommitOptions, Outcome } from "./group-commit";
export { Game, Prisma, TableStatus } from "./generated/prisma/client";
export type { Table } from "./generated/prisma/client";
export {
  migrate,
  MigrationChecksumError,
  MigrationFailedError,
  pendingMigrations,
} from "./migrate";
export type { MigrateOptions } from "./migrate";
export { resolveDatabaseUrl } from "./resolve";
export type { ResolveDatabaseOptions, ResolvedDatabase } from "./resolve";
export { demoTables, seed } from "./seed";
export { setupDatabase } from "./setup";
export type { DemoTable } from "./seed";
