/**
 * Tools used but not yet put in the lists (favourites and recent tools, `./your-tools`): a use is
 * noted here at once, in the page's own task, and put in the lists (the browser's or the
 * account's) by the lists' code, which loads later (on this page, or on the next if this one is
 * left first). A module of its own, so that the first page carries only this.
 */
export const NOTED_USES_KEY = 'toolbox.notedUses';

/** Notes a use of `slug` (most recent last); a storage that refuses it loses only this note. */
export function noteUse(storage: Storage, slug: string): void {
  try {
    storage.setItem(NOTED_USES_KEY, JSON.stringify([...readNotedUses(storage), slug]));
  } catch {
    // Storage full or blocked: the use is not listed, nothing else is lost.
  }
}

function readNotedUses(storage: Storage): string[] {
  try {
    const noted: unknown = JSON.parse(storage.getItem(NOTED_USES_KEY) ?? '[]');
    return Array.isArray(noted) ? noted.filter((slug) => typeof slug === 'string') : [];
  } catch {
    return [];
  }
}

/** The uses noted so far (oldest first), taken out of the storage. */
export function takeNotedUses(storage: Storage): string[] {
  const noted = readNotedUses(storage);
  storage.removeItem(NOTED_USES_KEY);
  return noted;
}
