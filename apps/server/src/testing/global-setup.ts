import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { schemaOwners } from '../part.ts';
import { parts } from '../parts.ts';
import { databaseUrlFor } from './postgres-url.ts';
import type {} from './provided-context.ts';

/**
 * Migrates one template database per run, so each test file gets its own database by copying
 * it (PGlite start-up with initdb costs seconds; opening a copy costs a fraction of that).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-template-'));
  const template = await openDatabase({ kind: 'pglite', dataDir: templateDir });
  await runMigrations(template, schemaOwners(parts));
  await template.close();
  project.provide('pgliteTemplate', templateDir);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let templateName: string | undefined;
  if (serverUrl) {
    templateName = `portal_template_${process.pid}`;
    const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
    await admin.executeSql(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.executeSql(`CREATE DATABASE ${templateName}`);
    await admin.close();
    const pgTemplate = await openDatabase({ kind: 'postgres', url: databaseUrlFor(serverUrl, templateName) });
    await runMigrations(pgTemplate, schemaOwners(parts));
    await pgTemplate.close();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    await fs.rm(templateDir, { recursive: true, force: true });
    if (serverUrl && templateName) {
      const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
      await admin.executeSql(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.close();
    }
  };
}
