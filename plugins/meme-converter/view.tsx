import { ApiError, IMAGE_SEARCH_MESSAGES, type ImageHit, OFFLINE_IMAGE_CREDIT } from '@toolbox/sdk';
import {
  Box,
  Button,
  Group,
  NumberField,
  Paper,
  PlainButton,
  SelectField,
  Stack,
  Text,
  TextField,
  ToolOutcome,
  useApi,
  useToolForm,
} from '@toolbox/sdk/react';
import { type DragEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_COLOR,
  DEFAULT_FONT,
  DEFAULT_FONT_SIZE,
  FONTS,
  isMemeFont,
  MAX_FONT_SIZE,
  MEME_HEIGHT,
  MEME_WIDTH,
  MIN_FONT_SIZE,
} from './choices';
import type { MemeOutput } from './compute';
import classes from './view.module.css';

// The drawing code and the font come with the first image, not with the page.
type DrawModule = typeof import('./draw');
let drawModule: Promise<DrawModule> | undefined;
const loadDraw = () => {
  drawModule ??= import('./draw').then(async (module) => {
    await module.loadFonts();
    return module;
  });
  return drawModule;
};

const initial = {
  q: '',
  /** The chosen image's id (`cat-face`, `pixabay-123`); empty for the person's own image, which stays in the browser. */
  image: '',
  topText: '',
  bottomText: '',
  font: DEFAULT_FONT as string,
  fontSize: String(DEFAULT_FONT_SIZE) as string | number,
  color: DEFAULT_COLOR,
};

const OWN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const WRONG_FILE = 'Please choose a PNG, JPEG, WebP or GIF image.';
const IMAGE_FAILED = 'This image could not be loaded.';
const IMAGE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Where the API serves an image: offline emoji as SVG, live photos as JPEG. */
const imageUrl = (id: string) => `/api/data/images/${id}.${id.startsWith('pixabay-') ? 'jpg' : 'svg'}`;

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; hits: ImageHit[] }
  | { state: 'error'; message: string };

interface Picture {
  element: HTMLImageElement;
  /** Shown under the preview: what it is and whose. */
  caption: string;
  /** A blob: URL to release when another image replaces it. */
  objectUrl?: string;
}

export default function MemeConverterView() {
  const api = useApi();
  // The caption is laid out on the chosen picture, which only the app holds: no early answer.
  const form = useToolForm<typeof initial, MemeOutput>({ initial, early: false });
  const { values, setValue } = form;
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const [picture, setPicture] = useState<Picture>();
  const [imageError, setImageError] = useState<string>();
  const [draw, setDraw] = useState<DrawModule>();
  const [copyState, setCopyState] = useState<string>('');
  const canvas = useRef<HTMLCanvasElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const latestImage = useRef(0);

  const show = useCallback(async (src: string, caption: string, objectUrl?: string) => {
    const attempt = ++latestImage.current;
    setImageError(undefined);
    try {
      const module = await loadDraw();
      const element = await module.loadImage(src);
      if (attempt !== latestImage.current) return;
      setDraw(module);
      setPicture((previous) => {
        if (previous?.objectUrl) URL.revokeObjectURL(previous.objectUrl);
        return { element, caption, objectUrl };
      });
    } catch {
      if (attempt === latestImage.current) setImageError(IMAGE_FAILED);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    }
  }, []);

  const find = async (event?: FormEvent) => {
    event?.preventDefault();
    const keyword = values.q.trim();
    if (!keyword) {
      setSearch({ state: 'error', message: IMAGE_SEARCH_MESSAGES.emptyKeyword });
      return;
    }
    setSearch({ state: 'searching' });
    try {
      const hits = await api.get<ImageHit[]>('/api/data/images/', { q: keyword });
      setSearch(
        hits.length > 0 ? { state: 'done', hits } : { state: 'error', message: IMAGE_SEARCH_MESSAGES.noHits },
      );
      const [first] = hits;
      if (first) pick(first);
    } catch (error) {
      // The API's own words for a keyword it refuses; anything else is a failed search.
      const message =
        error instanceof ApiError && error.status === 400 ? error.message : IMAGE_SEARCH_MESSAGES.failed;
      setSearch({ state: 'error', message });
    }
  };

  const pick = (hit: ImageHit) => {
    setValue('image', hit.id);
    void show(hit.url, `${hit.label} · ${hit.credit} · ${hit.licence}`);
  };

  const takeOwnFile = (file: File | null | undefined) => {
    if (!file) return;
    if (!OWN_IMAGE_TYPES.includes(file.type)) {
      setImageError(WRONG_FILE);
      return;
    }
    setValue('image', '');
    const objectUrl = URL.createObjectURL(file);
    void show(objectUrl, `Your image: ${file.name || 'pasted image'} (stays in this browser)`, objectUrl);
  };

  // A shared link: its image is loaded once (the caption and the result come back through useToolForm).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const id = values.image;
    if (!IMAGE_ID.test(id)) return;
    const credit = id.startsWith('pixabay-')
      ? 'Photo from Pixabay'
      : `${OFFLINE_IMAGE_CREDIT.credit} · ${OFFLINE_IMAGE_CREDIT.licence}`;
    void show(imageUrl(id), `${id.replace(/-/g, ' ')} · ${credit}`);
  }, [values.image, show]);

  // Pasting an image anywhere on the page uses it.
  useEffect(() => {
    const onPaste = (event: globalThis.ClipboardEvent) => {
      const file = [...(event.clipboardData?.files ?? [])].find((item) => item.type.startsWith('image/'));
      if (file) {
        event.preventDefault();
        takeOwnFile(file);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  });

  // Live preview: redrawn as the caption changes.
  const { topText, bottomText, font, fontSize, color } = values;
  useEffect(() => {
    if (!draw || !picture || !canvas.current) return;
    draw.drawMeme(canvas.current, picture.element, {
      topText,
      bottomText,
      font: isMemeFont(font) ? font : DEFAULT_FONT,
      fontSize: Number(fontSize),
      color: /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_COLOR,
    });
  }, [draw, picture, topText, bottomText, font, fontSize, color]);

  useEffect(
    () => () => {
      if (picture?.objectUrl) URL.revokeObjectURL(picture.objectUrl);
    },
    [picture],
  );

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    takeOwnFile(event.dataTransfer.files[0]);
  };

  const download = async () => {
    if (!draw || !canvas.current) return;
    const blob = await draw.toPng(canvas.current);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'meme.png';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };

  const canCopy = typeof ClipboardItem !== 'undefined' && Boolean(navigator.clipboard?.write);
  const copy = async () => {
    if (!draw || !canvas.current) return;
    try {
      const blob = await draw.toPng(canvas.current);
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
      setCopyState('Copied');
    } catch {
      setCopyState('Could not copy the image.');
    }
  };

  const generated = form.result !== undefined && picture !== undefined;

  return (
    <Stack>
      <form onSubmit={find} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextField
            label="Keyword"
            placeholder='e.g. "cat" or "dog"'
            {...form.field('q')}
            style={{ flex: 1, minWidth: 200 }}
            maxLength={100}
          />
          <Button type="submit" loading={search.state === 'searching'}>
            {search.state === 'searching' ? IMAGE_SEARCH_MESSAGES.searching : 'Find Image'}
          </Button>
        </Group>
        <div aria-live="polite">
          {search.state === 'searching' && (
            <Text size="sm" mt="xs">
              {IMAGE_SEARCH_MESSAGES.searching}
            </Text>
          )}
          {search.state === 'error' && (
            <Text
              role="alert"
              mt="xs"
              c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))"
              fw={500}
              data-testid="meme-search-error"
            >
              {search.message}
            </Text>
          )}
        </div>
        {search.state === 'done' && (
          <ul className={classes.hits} aria-label="Images found">
            {search.hits.map((hit) => (
              <li key={hit.id}>
                <PlainButton
                  onClick={() => pick(hit)}
                  aria-pressed={values.image === hit.id}
                  aria-label={`Use image: ${hit.label}`}
                  title={`${hit.label} (${hit.credit}, ${hit.licence})`}
                  style={{
                    border: `2px solid ${values.image === hit.id ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                    borderRadius: 'var(--mantine-radius-sm)',
                    padding: 4,
                    aspectRatio: '1',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                  }}
                >
                  <img
                    src={hit.url}
                    alt=""
                    width={64}
                    height={64}
                    style={{ objectFit: 'contain', maxWidth: '100%' }}
                    loading="lazy"
                  />
                </PlainButton>
              </li>
            ))}
          </ul>
        )}
      </form>

      <Paper
        withBorder
        p="sm"
        radius="md"
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
        data-testid="meme-drop-zone"
      >
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Or use your own image: upload it, drop it here, or paste it. It stays in this browser.
          </Text>
          <input
            ref={fileInput}
            type="file"
            accept={OWN_IMAGE_TYPES.join(',')}
            hidden
            onChange={(event) => {
              takeOwnFile(event.currentTarget.files?.[0]);
              // The same file chosen again is a change again.
              event.currentTarget.value = '';
            }}
          />
          <Button variant="default" size="xs" onClick={() => fileInput.current?.click()}>
            Upload image
          </Button>
        </Group>
        {imageError && (
          <Text
            role="alert"
            size="sm"
            mt="xs"
            c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))"
            fw={500}
          >
            {imageError}
          </Text>
        )}
      </Paper>

      {picture && (
        <form {...form.formProps}>
          <Stack>
            <Box>
              <canvas
                ref={canvas}
                width={MEME_WIDTH}
                height={MEME_HEIGHT}
                data-testid="meme-canvas"
                role="img"
                aria-label={`Meme preview${topText || bottomText ? `: ${[topText, bottomText].filter(Boolean).join(' / ')}` : ''}`}
                style={{ width: '100%', maxWidth: 600, height: 'auto', display: 'block', borderRadius: 4 }}
              />
              <Text size="xs" c="dimmed" mt={4} data-testid="meme-credit">
                {picture.caption}
              </Text>
            </Box>
            <TextField label="Top Text" {...form.field('topText')} />
            <TextField label="Bottom Text" {...form.field('bottomText')} />
            <Group grow align="flex-start">
              <SelectField label="Font" data={FONTS as unknown as string[]} {...form.field('font')} />
              <NumberField
                label="Font Size"
                {...form.field('fontSize')}
                min={MIN_FONT_SIZE}
                max={MAX_FONT_SIZE}
              />
              <Stack gap={0}>
                <Text component="label" htmlFor="meme-font-color" size="sm" fw={500}>
                  Font Color
                </Text>
                <input
                  id="meme-font-color"
                  type="color"
                  {...form.field('color')}
                  style={{
                    display: 'block',
                    width: '100%',
                    height: 36,
                    padding: 2,
                    border: '1px solid var(--mantine-color-default-border)',
                    borderRadius: 4,
                    background: 'transparent',
                  }}
                />
              </Stack>
            </Group>
            <Group>
              <Button type="submit" loading={form.pending}>
                Generate Meme
              </Button>
              {generated && (
                <>
                  <Button variant="default" onClick={download}>
                    Download
                  </Button>
                  {canCopy && (
                    <Button variant="default" onClick={copy}>
                      Copy image
                    </Button>
                  )}
                  <Text size="sm" role="status">
                    {copyState}
                  </Text>
                </>
              )}
            </Group>
          </Stack>
          <ToolOutcome error={form.error} />
        </form>
      )}
    </Stack>
  );
}
