import { PAGE_IMAGE_WIDTHS } from '../../../shared/page-images.js';
import { assertValidKey, newStorageKey, type FileStore } from '../../storage/file-store.js';

/** Where processing writes page images: one folder-like set per resource and processing run. */
export const PAGE_IMAGE_PREFIX = 'pages';

/** A resource's page images as recorded: the set's key and how many pages it holds (1..count). */
export interface PageImageSet {
  key: string;
  count: number;
}

/** A fresh set key such as `pages/3f0c...e1`; each processing run writes a new one. */
export function newPageImageSetKey(): string {
  return newStorageKey(PAGE_IMAGE_PREFIX);
}

/** The key of one page's image at one width: `pages/<set>/<page>-<width>.webp`. */
export function pageImageKey(setKey: string, page: number, width: number): string {
  const key = `${setKey}/${page}-${width}.webp`;
  assertValidKey(key);
  return key;
}

/** The set an image key belongs to (its first two segments), for the orphan sweep. */
export function setKeyOf(imageKey: string): string {
  return imageKey.split('/').slice(0, 2).join('/');
}

/** Every image key of a set of `count` pages, at every width. */
export function pageImageKeys(set: PageImageSet): string[] {
  const keys: string[] = [];
  for (let page = 1; page <= set.count; page++) for (const width of PAGE_IMAGE_WIDTHS) keys.push(pageImageKey(set.key, page, width));
  return keys;
}

/** Deletions at once: a bucket answers each in one round trip; a set holds up to 2 x PAGE_IMAGE_PAGES objects. */
const DELETE_CONCURRENCY = 8;

/**
 * Removes every image of a set. Pages rendered narrower than the largest width (MAX_SIDE_PX)
 * lack that width's object: removing a missing object is not an error.
 */
export async function deletePageImages(files: FileStore, set: PageImageSet): Promise<void> {
  const keys = pageImageKeys(set);
  const next = () => keys.pop();
  await Promise.all(
    Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, async () => {
      for (let key = next(); key !== undefined; key = next()) await files.delete(key);
    }),
  );
}
