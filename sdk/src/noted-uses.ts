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
    const noted = parseNotedUses(storage.getItem(NOTED_USES_KEY));
    storage.setItem(NOTED_USES_KEY, JSON.stringify([...noted, slug]));
  } catch {
    // Storage full or blocked: the use is not listed, nothing else is lost.
  }
}

function parseNotedUses(raw: string | null): string[] {
  try {
    const noted: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(noted) ? noted.filter((slug) => typeof slug === 'string') : [];
  } catch {
    return [];
  }
}

/** The uses noted so far (oldest first), taken out of the storage (untouched when there are none). */
export function takeNotedUses(storage: Storage): string[] {
  const raw = storage.getItem(NOTED_USES_KEY);
  if (raw === null) return [];
  storage.removeItem(NOTED_USES_KEY);
  return parseNotedUses(raw);
}
