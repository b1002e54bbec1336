import { parseArgs } from 'node:util';
import { openBus } from './cluster/bus.ts';
import { exitWith, runCommand, UsageError } from './command-line.ts';
import type { Config } from './config.ts';
import { rotateKeys, type KeyOwner } from './rotate-keys.ts';

const USAGE = `Usage: npm run rotate-keys [-- --platform | --identity] [--list]

Rotates the token signing keys: a new key signs from now on (the identity provider's after two
minutes, during which it is only published, so services caching its key set see it first), and the
keys before it keep verifying the tokens they signed until those expire. Running servers pick the
change up without a restart. Prints the keys afterwards.

  --platform   only the platform's keys (API access tokens)
  --identity   only the identity provider's keys (sign-in tokens)
  --list       show the keys, change nothing
  --help       show this text

The database is the one the server uses (DATABASE_URL, else DATA_DIR). On the embedded database
only one process may open it: stop the server first, or call the running server's management API
(POST /platform/mgmt/signingkeys/rotate with the management secret as bearer token).`;

interface Request {
  owners: KeyOwner[];
  listOnly: boolean;
}

export function parseRotateKeysArgs(argv: readonly string[]): Request | 'help' {
  let values: { platform?: boolean; identity?: boolean; list?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        platform: { type: 'boolean' },
        identity: { type: 'boolean' },
        list: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  if (values.platform && values.identity) throw new UsageError('Give --platform or --identity, not both.');
  const owners: KeyOwner[] = values.platform ? ['platform'] : values.identity ? ['identity'] : ['platform', 'identity'];
  return { owners, listOnly: values.list === true };
}

/**
 * A server answering on the public URL while the embedded database is in use is almost certainly
 * this database's: opening it from a second process could corrupt it.
 */
async function serverAnswers(config: Config): Promise<boolean> {
  try {
    const response = await fetch(`${config.publicUrl}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function refuseWhileServing(config: Config): Promise<string | undefined> {
  if (config.databaseUrl || !(await serverAnswers(config))) return undefined;
  return (
    `A server answers at ${config.publicUrl} on the embedded database (${config.dataDir}), which only one ` +
    'process may open. Stop it first, or rotate through its management API: POST ' +
    `${config.publicUrl}/platform/mgmt/signingkeys/rotate with "Authorization: Bearer <management secret>".`
  );
}

// Run only as the command, so a test can import the argument parser.
if (import.meta.url === `file://${process.argv[1]}`) {
  exitWith(
    runCommand(
      {
        usage: USAGE,
        parse: parseRotateKeysArgs,
        refuse: refuseWhileServing,
        async run(request, database) {
          const bus = await openBus(database);
          try {
            for (const line of await rotateKeys(database.db, { ...request, bus })) console.log(line);
          } finally {
            await bus.close();
          }
          return 0;
        },
      },
      process.argv.slice(2),
    ),
  );
}
