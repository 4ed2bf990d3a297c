// DejaVu Sans (free licence, see the dejavu-fonts-ttf package): Latin, Greek, Cyrillic, IPA and many
// symbols and emoji, so text that is not Latin-1 survives the conversion to PDF. Inlined into its
// own chunk, loaded only when a PDF is written (nothing is fetched by the converter).
import fontDataUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?inline';

let bytes: Uint8Array | undefined;

export function fontBytes(): Uint8Array {
  if (!bytes) {
    const binary = atob(fontDataUrl.slice(fontDataUrl.indexOf(',') + 1));
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}
