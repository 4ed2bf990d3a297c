import { ApiError, type ConvertFormats } from '@toolbox/sdk';
import {
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  SelectField,
  Stack,
  Text,
  ToolNote,
  ToolOutcome,
  useApi,
  useCompute,
  useTool,
} from '@toolbox/sdk/react';
import { transfer } from 'comlink';
import {
  type ChangeEvent,
  type DragEvent,
  type FormEvent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { FileConvertInput, FileConvertOutput } from './compute';
import {
  canConvert,
  extensionOf,
  FORMATS,
  type Format,
  formatLabel,
  formatOfName,
  IMAGE_FORMATS,
  isFormat,
  MESSAGES,
  TARGETS,
} from './formats';

const Preview = lazy(() => import('./preview').then((module) => ({ default: module.Preview })));

type Side = 'browser' | 'server';

/** What a format converts to: the browser's targets first, then those only the server offers. */
function targetsOf(from: string, server: ConvertFormats): string[] {
  const browser: string[] = isFormat(from) ? [...TARGETS[from]] : [];
  const more = (server.find((format) => format.from === from)?.to ?? []).filter(
    (to) => !browser.includes(to),
  );
  return [...browser, ...more];
}

/** The browser is always preferred; the server converts only what the browser cannot. */
function sideOf(from: string, to: string, server: ConvertFormats): Side | undefined {
  if (canConvert(from, to)) return 'browser';
  return server.some((format) => format.from === from && format.to.includes(to)) ? 'server' : undefined;
}

/** The server's formats, as far as its answer has their shape (anything else offers nothing). */
function validFormats(answer: unknown): ConvertFormats {
  if (!Array.isArray(answer)) return [];
  return answer.filter(
    (format): format is ConvertFormats[number] =>
      typeof format?.from === 'string' &&
      Array.isArray(format.to) &&
      format.to.every((to: unknown) => typeof to === 'string'),
  );
}

/** pdf is the default output wherever it is offered, as the spec has it. */
const defaultTarget = (targets: readonly string[]): string =>
  targets.includes('pdf') ? 'pdf' : (targets[0] ?? 'pdf');

const SIDE_NOTE: Record<Side, string> = {
  browser: 'Converted in your browser: your files are not uploaded anywhere.',
  server:
    'Converted on the server: only your browser cannot convert this format, so the file is sent to this site, converted with LibreOffice and not kept.',
};

interface Converted {
  bytes: Uint8Array;
  filename: string;
  url: string;
  format: string;
  side: Side;
}

export default function FileConverterView() {
  const compute = useCompute<FileConvertInput, FileConvertOutput>(useTool().slug);
  const api = useApi();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [server, setServer] = useState<ConvertFormats>([]);
  const [from, setFrom] = useState<string>('txt');
  const [to, setTo] = useState<string>('pdf');
  const [files, setFiles] = useState<File[]>([]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<Converted>();
  const [dragging, setDragging] = useState(false);
  const attempt = useRef(0);

  // What the server's office engine converts (nothing where it has none, or offline): a small JSON.
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<unknown>('/api/convert/formats/', undefined, controller.signal)
      .then((answer) => setServer(validFormats(answer)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [api]);

  // The download link's object URL is released when it is replaced or the page is left.
  useEffect(() => () => (result ? URL.revokeObjectURL(result.url) : undefined), [result]);

  const several = files.length > 1;
  const targets: readonly string[] = several ? ['pdf'] : targetsOf(from, server);
  const fromFormats = [...FORMATS, ...server.map((pair) => pair.from).filter((format) => !isFormat(format))];
  const fromOptions = [...new Set(fromFormats)].map((format) => ({
    value: format,
    label: formatLabel(format),
  }));
  const side = sideOf(from, several ? 'pdf' : to, server);

  const chooseFrom = (next: string) => {
    setFrom(next);
    const nextTargets = targetsOf(next, server);
    if (!nextTargets.includes(to)) setTo(defaultTarget(nextTargets));
  };

  const choose = (chosen: File[]) => {
    // Several files go into one PDF when they are all images; otherwise the first one is converted.
    const images = chosen.filter((file) => IMAGE_FORMATS.includes(formatOfName(file.name) as Format));
    const kept = chosen.length > 1 && images.length === chosen.length ? chosen : chosen.slice(0, 1);
    setFiles(kept);
    setError(undefined);
    setResult(undefined);
    const first = kept[0];
    const extension = first ? extensionOf(first.name) : undefined;
    const detected =
      (first && formatOfName(first.name)) ?? server.find((pair) => pair.from === extension)?.from;
    if (detected) chooseFrom(detected);
    if (kept.length > 1) setTo('pdf');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const current = ++attempt.current;
    setError(undefined);
    setResult(undefined);
    const [first, ...rest] = files;
    if (!first) {
      setError(MESSAGES.noFile);
      return;
    }
    setPending(true);
    try {
      const converted =
        side === 'server' ? await convertOnServer(first) : await convertInBrowser(first, rest);
      if (current !== attempt.current) return;
      if ('error' in converted) setError(converted.error);
      else setResult(converted);
    } catch {
      if (current === attempt.current) setError(MESSAGES.failed);
    } finally {
      if (current === attempt.current) setPending(false);
    }
  };

  const convertInBrowser = async (first: File, rest: File[]): Promise<Converted | { error: string }> => {
    const bytes = new Uint8Array(await first.arrayBuffer());
    const more = await Promise.all(
      rest.map(async (file) => ({ bytes: new Uint8Array(await file.arrayBuffer()), name: file.name })),
    );
    const input: FileConvertInput = { bytes, name: first.name, from, to: several ? 'pdf' : to, more };
    // The file's bytes move to the worker instead of being copied.
    const outcome = await compute(transfer(input, [bytes.buffer, ...more.map((file) => file.bytes.buffer)]));
    if (!outcome.ok) return { error: outcome.error };
    const { bytes: output, filename, mime } = outcome.value;
    const url = URL.createObjectURL(new Blob([output as Uint8Array<ArrayBuffer>], { type: mime }));
    return { bytes: output, filename, url, format: input.to as Format, side: 'browser' };
  };

  /** Office formats go to the server's engine as a multipart upload; its answer is the file. */
  const convertOnServer = async (file: File): Promise<Converted | { error: string }> => {
    const form = new FormData();
    form.set('file', file);
    form.set('inputFormat', from);
    form.set('outputFormat', to);
    try {
      const { blob, filename } = await api.download('/api/convert/', { method: 'POST', body: form });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      const name = filename ?? `${file.name.replace(/\.[^.]*$/, '') || 'converted'}.${to}`;
      return { bytes, filename: name, url: URL.createObjectURL(blob), format: to, side: 'server' };
    } catch (error) {
      // 413, 415, 422, 429 and 503 carry the server's own message; no answer at all gets ours.
      return { error: error instanceof ApiError ? error.message : MESSAGES.serverUnreachable };
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(Array.from(event.dataTransfer.files));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group grow>
          <SelectField
            label="From"
            data={fromOptions}
            value={from}
            disabled={several}
            onChange={(event) => chooseFrom(event.currentTarget.value)}
          />
          <SelectField
            label="To"
            data={targets.map((format) => ({ value: format, label: formatLabel(format) }))}
            value={several ? 'pdf' : to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        </Group>
        <Paper
          withBorder
          p="md"
          radius="md"
          onDragOver={(event: DragEvent<HTMLDivElement>) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          style={{
            borderStyle: 'dashed',
            background: dragging ? 'var(--mantine-color-default-hover)' : undefined,
          }}
          data-testid="file-drop"
        >
          <Stack gap={6}>
            <Text component="label" htmlFor={inputId} fw={500} size="sm">
              File
            </Text>
            <input
              id={inputId}
              ref={fileInput}
              type="file"
              multiple
              onChange={(event: ChangeEvent<HTMLInputElement>) =>
                choose(Array.from(event.currentTarget.files ?? []))
              }
            />
            <Text size="sm" c="dimmed">
              Or drop a file here. Choose several images to put them into one PDF, one page each.
            </Text>
            {several && (
              <Text size="sm">
                {files.length} images → one PDF: {files.map((file) => file.name).join(', ')}
              </Text>
            )}
          </Stack>
        </Paper>
        <Button type="submit" loading={pending}>
          Convert
        </Button>
        {pending && <Progress value={100} striped animated aria-label="Converting" />}
      </Stack>
      <ToolOutcome error={error} />
      {result && (
        <Paper withBorder p="md" mt="md" radius="md" data-testid="tool-result">
          <Stack gap="sm">
            <Anchor href={result.url} download={result.filename} fw={600}>
              Download Converted File ({result.format})
            </Anchor>
            <Text size="sm" c="dimmed">
              {result.filename}, {formatSize(result.bytes.length)} ·{' '}
              {result.side === 'server' ? 'converted on the server' : 'converted in your browser'}
            </Text>
            <Suspense fallback={null}>
              <Preview
                bytes={result.bytes}
                format={result.format}
                url={result.url}
                filename={result.filename}
              />
            </Suspense>
          </Stack>
        </Paper>
      )}
      <ToolNote>{SIDE_NOTE[side ?? 'browser']}</ToolNote>
    </form>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
