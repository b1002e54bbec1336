import { parseArgs } from 'node:util';
import { exitWith, runCommand, UsageError } from './command-line.ts';
import { platformRegistry } from './platform/resources/index.ts';
import { seedLargeCatalog } from './platform/seed/large.ts';

const USAGE = `Usage: npm run seed -- --marketplace NAME --products N

Adds N generated products (IDs BULK-0000001... continuing after earlier runs) to marketplace NAME,
creating it as a Sandbox marketplace with the demo admin access when it does not exist.

  --marketplace NAME   marketplace ID: letters, digits, - and _ (at most 100 characters)
  --products N         number of products to add, from 1 to 1000000
  --help               show this text

The database is the one the server uses (DATABASE_URL, else DATA_DIR). Stop the server first when
it runs on the embedded database: only one process may open it at a time.`;

const MARKETPLACE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_PRODUCTS = 1_000_000;

function parse(argv: readonly string[]): { marketplace: string; products: number } | 'help' {
  let values: { marketplace?: string; products?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { marketplace: { type: 'string' }, products: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  const { marketplace, products } = values;
  if (!marketplace || !MARKETPLACE_ID.test(marketplace)) {
    throw new UsageError('--marketplace must be an ID of letters, digits, - and _ (at most 100 characters).');
  }
  const count = Number(products);
  if (!products || !Number.isInteger(count) || count < 1 || count > MAX_PRODUCTS) {
    throw new UsageError(`--products must be a whole number from 1 to ${MAX_PRODUCTS}.`);
  }
  return { marketplace, products: count };
}

exitWith(
  runCommand(
    {
      usage: USAGE,
      parse,
      async run(request, database) {
        const result = await seedLargeCatalog(database.db, platformRegistry, request);
        const seconds = (result.milliseconds / 1000).toFixed(1);
        const created = result.marketplaceCreated ? 'new marketplace' : 'existing marketplace';
        console.log(
          `Seeded ${result.products} products and ${result.priceSchedules} price schedules into ${result.marketplace} ` +
            `(${created}) in ${seconds} s.`,
        );
        return 0;
      },
    },
    process.argv.slice(2),
  ),
);
