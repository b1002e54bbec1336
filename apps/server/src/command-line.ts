import { loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { runMigrations } from './db/migrate.ts';
import { schemaOwners } from './part.ts';
import { parts } from './parts.ts';

/** A mistake in a command's arguments: printed with the usage text, exit code 2. */
export class UsageError extends Error {}

export interface Command<TRequest> {
  usage: string;
  /** The arguments as a request, 'help' for --help; throws UsageError for anything else. */
  parse(argv: readonly string[]): TRequest | 'help';
  /** A reason not to open the database (printed, exit code 1), checked before it is opened. */
  refuse?(config: Config): Promise<string | undefined>;
  /** The command's work on the server's own database, migrated first; answers the exit code. */
  run(request: TRequest, database: Database): Promise<number>;
}

/**
 * Runs a maintenance command the way every one of ours behaves: arguments checked first, then the
 * database the server uses (DATABASE_URL, else DATA_DIR), brought up to date, and always closed.
 */
export async function runCommand<TRequest>(command: Command<TRequest>, argv: readonly string[]): Promise<number> {
  let request: TRequest | 'help';
  try {
    request = command.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${command.usage}`);
    return 2;
  }
  if (request === 'help') {
    console.log(command.usage);
    return 0;
  }
  const config = loadConfig();
  const refusal = await command.refuse?.(config);
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await runMigrations(database, schemaOwners(parts));
    return await command.run(request, database);
  } finally {
    await database.close();
  }
}

/** Sets the process's exit code from the command's answer; an unexpected error prints its message. */
export function exitWith(outcome: Promise<number>): void {
  outcome.then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
