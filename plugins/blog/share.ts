/** The link a share copies (spec 7): `{origin}/posts/{id}`, built here from the page's origin. */
export function shareUrl(origin: string, id: number): string {
  return `${origin.replace(/\/+$/, '')}/posts/${encodeURIComponent(String(id))}`;
}

/** Copies `text` to the clipboard; false when the browser refuses (no permission, insecure page). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
