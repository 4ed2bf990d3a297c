import { Anchor, Button, Group, NativeSelect, Paper, Progress, Stack, Text } from '@mantine/core';
import { ToolNote, ToolOutcome, useCompute, useTool } from '@toolbox/sdk/react';
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
import { FORMAT_INFO, FORMATS, type Format, formatOfName, IMAGE_FORMATS, MESSAGES, TARGETS } from './formats';

const Preview = lazy(() => import('./preview').then((module) => ({ default: module.Preview })));

const fromOptions = FORMATS.map((format) => ({ value: format, label: FORMAT_INFO[format].label }));

/** The first target of a format is its default: pdf wherever pdf is offered, as the spec has it. */
const defaultTarget = (from: Format): Format => TARGETS[from][0] ?? 'pdf';

interface Converted extends FileConvertOutput {
  url: string;
  format: Format;
}

export default function FileConverterView() {
  const compute = useCompute<FileConvertInput, FileConvertOutput>(useTool().slug);
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [from, setFrom] = useState<Format>('txt');
  const [to, setTo] = useState<Format>(defaultTarget('txt'));
  const [files, setFiles] = useState<File[]>([]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<Converted>();
  const [dragging, setDragging] = useState(false);
  const attempt = useRef(0);

  // The download link's object URL is released when it is replaced or the page is left.
  useEffect(() => () => (result ? URL.revokeObjectURL(result.url) : undefined), [result]);

  const several = files.length > 1;
  const targets: readonly Format[] = several ? ['pdf'] : TARGETS[from];

  const chooseFrom = (next: Format) => {
    setFrom(next);
    if (!TARGETS[next].includes(to)) setTo(defaultTarget(next));
  };

  const choose = (chosen: File[]) => {
    // Several files go into one PDF when they are all images; otherwise the first one is converted.
    const images = chosen.filter((file) => IMAGE_FORMATS.includes(formatOfName(file.name) as Format));
    const kept = chosen.length > 1 && images.length === chosen.length ? chosen : chosen.slice(0, 1);
    setFiles(kept);
    setError(undefined);
    setResult(undefined);
    const first = kept[0];
    const detected = first ? formatOfName(first.name) : undefined;
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
      const bytes = new Uint8Array(await first.arrayBuffer());
      const more = await Promise.all(
        rest.map(async (file) => ({ bytes: new Uint8Array(await file.arrayBuffer()), name: file.name })),
      );
      const input: FileConvertInput = { bytes, name: first.name, from, to: several ? 'pdf' : to, more };
      // The file's bytes move to the worker instead of being copied.
      const outcome = await compute(
        transfer(input, [bytes.buffer, ...more.map((file) => file.bytes.buffer)]),
      );
      if (current !== attempt.current) return;
      if (outcome.ok) {
        const { bytes: output, filename, mime } = outcome.value;
        const format = input.to as Format;
        const url = URL.createObjectURL(new Blob([output as Uint8Array<ArrayBuffer>], { type: mime }));
        setResult({ bytes: output, filename, mime, url, format });
      } else setError(outcome.error);
    } catch {
      if (current === attempt.current) setError(MESSAGES.failed);
    } finally {
      if (current === attempt.current) setPending(false);
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
          <NativeSelect
            label="From"
            data={fromOptions}
            value={from}
            disabled={several}
            onChange={(event) => chooseFrom(event.currentTarget.value as Format)}
          />
          <NativeSelect
            label="To"
            data={targets.map((format) => ({ value: format, label: FORMAT_INFO[format].label }))}
            value={several ? 'pdf' : to}
            onChange={(event) => setTo(event.currentTarget.value as Format)}
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
              {result.filename}, {formatSize(result.bytes.length)}
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
      <ToolNote>Converted in your browser: your files are not uploaded anywhere.</ToolNote>
    </form>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
