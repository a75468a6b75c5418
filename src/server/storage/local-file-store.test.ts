import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { newStorageKey, ObjectNotFoundError, ObjectTooLargeError } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';

const newStore = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'studyshelf-store-'));
  return { root, store: new LocalFileStore(root) };
};

/** Every file under root, temp folder included, as relative paths. */
const filesUnder = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

describe('LocalFileStore', () => {
  it('stores a stream under a generated key and reads it back whole and by range', async () => {
    const { store } = newStore();
    const key = newStorageKey('resources', '.pdf');
    expect(key).toMatch(/^resources\/[0-9a-f-]{36}\.pdf$/);
    const stored = await store.put(key, Readable.from([Buffer.from('%PDF-1.7 hello')]));
    expect(stored).toEqual({ key, size: 14 });
    expect(await text(await store.read(key))).toBe('%PDF-1.7 hello');
    expect(await text(await store.read(key, { start: 9, end: 13 }))).toBe('hello');
    expect((await store.stat(key))?.size).toBe(14);
  });

  it('refuses an object over maxBytes and leaves no file behind', async () => {
    const { root, store } = newStore();
    const key = newStorageKey('resources', '.pdf');
    const body = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(store.put(key, body, { maxBytes: 1000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await store.stat(key)).toBeUndefined();
    expect(filesUnder(root)).toEqual([]);
  });

  it('accepts an object of exactly maxBytes', async () => {
    const { store } = newStore();
    const key = newStorageKey('resources');
    await expect(store.put(key, Readable.from([Buffer.alloc(1000)]), { maxBytes: 1000 })).resolves.toEqual({
      key,
      size: 1000,
    });
  });

  it('leaves nothing behind when the incoming stream fails midway', async () => {
    const { root, store } = newStore();
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(100));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put(newStorageKey('resources'), failing)).rejects.toThrow('client went away');
    expect(filesUnder(root)).toEqual([]);
  });

  it('leaves nothing behind when the stream fails before the file is even open', async () => {
    // The refusal comes back at once; the temp file's open() may still be on its way.
    for (let i = 0; i < 20; i++) {
      const { root, store } = newStore();
      // As an upload's content check does: refuse the first chunk as it passes through.
      const check = new Transform({ transform: (_chunk, _encoding, callback) => callback(new Error('not a PDF')) });
      check.on('error', () => undefined); // put() sees the error; this only keeps it from being unhandled
      Readable.from([Buffer.from('<!doctype html>')]).pipe(check);
      await expect(store.put(newStorageKey('resources'), check)).rejects.toThrow('not a PDF');
      expect(filesUnder(root)).toEqual([]);
    }
  });

  it('deletes, treats a missing object as deleted, and reports a missing read', async () => {
    const { store } = newStore();
    const key = newStorageKey('screenshots', '.png');
    await store.put(key, Readable.from([Buffer.from('x')]));
    await store.delete(key);
    await store.delete(key);
    expect(await store.stat(key)).toBeUndefined();
    await expect(store.read(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('lists objects under a prefix', async () => {
    const { store } = newStore();
    const a = newStorageKey('resources');
    const b = newStorageKey('resources');
    await store.put(a, Readable.from([Buffer.from('a')]));
    await store.put(b, Readable.from([Buffer.from('bb')]));
    await store.put(newStorageKey('other'), Readable.from([Buffer.from('c')]));
    const listed = [];
    for await (const info of store.list('resources')) listed.push(info.key);
    expect(listed.sort()).toEqual([a, b].sort());
  });

  it('sweeps temporaries of unfinished uploads once older than the safe age, and nothing else', async () => {
    const { root, store } = newStore();
    const kept = newStorageKey('resources');
    await store.put(kept, Readable.from([Buffer.from('stored')]));
    const incoming = path.join(root, '.incoming');
    const { writeFileSync, utimesSync } = await import('node:fs');
    writeFileSync(path.join(incoming, 'killed-mid-upload'), 'half');
    writeFileSync(path.join(incoming, 'in-flight'), 'still coming');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(incoming, 'killed-mid-upload'), twoHoursAgo, twoHoursAgo);
    utimesSync(path.join(root, ...kept.split('/')), twoHoursAgo, twoHoursAgo);

    expect(await store.sweepTemporaries()).toBe(1);
    expect(filesUnder(root).sort()).toEqual([path.join('.incoming', 'in-flight'), path.join(...kept.split('/'))].sort());
    expect(await store.sweepTemporaries(0, Date.now() + 1000)).toBe(1);
    expect(filesUnder(root)).toEqual([path.join(...kept.split('/'))]);
    expect(await newStore().store.sweepTemporaries()).toBe(0);
  });

  it.each(['../etc/passwd', '/abs/path', 'resources/../../x', 'Resources/A', 'a\\b', ''])(
    'rejects the unsafe key %j',
    async (key) => {
      const { store } = newStore();
      await expect(store.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow('Invalid storage key');
    },
  );
});
