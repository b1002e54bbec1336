import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSecretBox,
  keyId,
  loadSecretBox,
  readOrCreateKeyFile,
  SecretBoxError,
  SecretKeyMissingError,
} from './secret-box.ts';

const keyA = Buffer.alloc(32, 1);
const keyB = Buffer.alloc(32, 2);
const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true })));
});

async function tempFolder(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'secret-box-'));
  folders.push(folder);
  return folder;
}

describe('secret box', () => {
  it('opens what it sealed, and the stored value shows neither the secret nor the key', () => {
    const box = createSecretBox(keyA);
    const sealed = box.seal('client-secret-123', 'cm-1');
    expect(sealed).not.toContain('client-secret-123');
    expect(sealed).not.toContain(keyA.toString('base64url'));
    expect(sealed.split('.')).toHaveLength(5);
    expect(sealed.startsWith(`v1.${keyId(keyA)}.`)).toBe(true);
    expect(box.open(sealed, 'cm-1')).toBe('client-secret-123');
  });

  it('uses a new IV for every value, so equal secrets do not look equal', () => {
    const box = createSecretBox(keyA);
    const first = box.seal('same', 'cm-1');
    const second = box.seal('same', 'cm-1');
    expect(first.split('.')[2]).not.toBe(second.split('.')[2]);
    expect(first).not.toBe(second);
  });

  it('refuses a changed value, another row, another key and a value in another format', () => {
    const box = createSecretBox(keyA);
    const sealed = box.seal('client-secret-123', 'cm-1');
    const [format, id, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([format, id, iv, tag, flipped.toString('base64url')].join('.'), 'cm-1')).toThrow(
      /changed or moved/,
    );
    expect(() => box.open(sealed, 'cm-2')).toThrow(SecretBoxError);
    expect(() => createSecretBox(keyB).open(sealed, 'cm-1')).toThrow(/key this server does not have/);
    expect(() => box.open('client-secret-123', 'cm-1')).toThrow(/not in a format/);
  });

  it('rotates: a new key opens values of the previous one and marks them stale', () => {
    const old = createSecretBox(keyA).seal('client-secret-123', 'cm-1');
    const rotated = createSecretBox(keyB, [keyA]);
    expect(rotated.isStale(old)).toBe(true);
    expect(rotated.open(old, 'cm-1')).toBe('client-secret-123');
    const resealed = rotated.seal('client-secret-123', 'cm-1');
    expect(rotated.isStale(resealed)).toBe(false);
    expect(resealed.split('.')[1]).toBe(keyId(keyB));
  });
});

describe('loading the key', () => {
  it('creates a key file (mode 0600) on first use and reads the same key afterwards', async () => {
    const dataDir = await tempFolder();
    const first = await readOrCreateKeyFile(dataDir);
    const stat = await fs.stat(path.join(dataDir, 'portal-secrets.key'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(32);
    expect((await readOrCreateKeyFile(dataDir)).equals(first)).toBe(true);
    const box = await loadSecretBox({
      portalSecretsKey: undefined,
      portalSecretsPreviousKeys: [],
      databaseUrl: undefined,
      dataDir,
    });
    expect(box.currentKeyId).toBe(keyId(first));
  });

  it('uses PORTAL_SECRETS_KEY when set and writes no file', async () => {
    const dataDir = await tempFolder();
    const box = await loadSecretBox({
      portalSecretsKey: keyB,
      portalSecretsPreviousKeys: [keyA],
      databaseUrl: undefined,
      dataDir,
    });
    expect(box.currentKeyId).toBe(keyId(keyB));
    await expect(fs.stat(path.join(dataDir, 'portal-secrets.key'))).rejects.toThrow(/ENOENT/);
  });

  it('requires PORTAL_SECRETS_KEY on PostgreSQL', async () => {
    const settings = {
      portalSecretsKey: undefined,
      portalSecretsPreviousKeys: [],
      databaseUrl: 'postgres://db/portal',
      dataDir: await tempFolder(),
    };
    await expect(loadSecretBox(settings)).rejects.toThrow(SecretKeyMissingError);
    await expect(loadSecretBox(settings)).rejects.toThrow(/needs PORTAL_SECRETS_KEY/);
  });

  it('refuses a damaged key file rather than making a new key that opens nothing', async () => {
    const dataDir = await tempFolder();
    await fs.writeFile(path.join(dataDir, 'portal-secrets.key'), 'short\n');
    await expect(readOrCreateKeyFile(dataDir)).rejects.toThrow(/restore it from a backup/);
  });
});
