import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  createDiskStorage,
  createMemoryStorage,
  isCopyKey,
  isValidKey,
  newKey,
  type Storage,
  sizedKey,
} from './storage';

describe('keys', () => {
  it('are unique and valid', () => {
    const a = newKey('png');
    expect(a).toMatch(/\.png$/);
    expect(isValidKey(a)).toBe(true);
    expect(newKey('png')).not.toBe(a);
  });

  it('refuse anything the API could not have made', () => {
    for (const key of [
      '../etc/passwd',
      'a/b.png',
      '',
      'x.png',
      `${newKey('png')}/x`,
      newKey('gif').replace('.gif', '.svg'),
    ]) {
      expect(isValidKey(key), key).toBe(false);
    }
  });

  it("tell an upload's key from its copy's", () => {
    const upload = newKey('jpg');
    expect(isCopyKey(upload)).toBe(false);
    expect(isCopyKey(sizedKey(upload, 800))).toBe(true);
    expect(isValidKey(sizedKey(upload, 800))).toBe(true);
    expect(isCopyKey('x-w800.webp')).toBe(false);
  });

  it('name their content type', () => {
    expect(contentTypeOf(newKey('jpg'))).toBe('image/jpeg');
    expect(contentTypeOf(newKey('webp'))).toBe('image/webp');
  });
});

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const backends: [string, () => Promise<Storage>][] = [
  ['memory', async () => createMemoryStorage()],
  [
    'disk',
    async () => {
      const folder = await mkdtemp(join(tmpdir(), 'toolbox-storage-'));
      folders.push(folder);
      return createDiskStorage(join(folder, 'uploads'));
    },
  ],
];

describe.each(backends)('%s storage', (_name, make) => {
  it('puts, gets and deletes', async () => {
    const storage = await make();
    const key = newKey('png');
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
    expect(await storage.get(key)).toEqual({ bytes: new Uint8Array([1, 2, 3]), contentType: 'image/png' });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it('refuses to write under a key it did not make', async () => {
    const storage = await make();
    await expect(storage.put('../escape.png', new Uint8Array([1]), 'image/png')).rejects.toThrow();
    expect(await storage.get('../escape.png')).toBeNull();
  });
});

describe('disk storage', () => {
  it('leaves no temporary files behind', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolbox-storage-'));
    folders.push(folder);
    const storage = createDiskStorage(folder);
    const key = newKey('gif');
    await storage.put(key, new Uint8Array([7]), 'image/gif');
    expect(await readdir(folder)).toEqual([key]);
  });
});
