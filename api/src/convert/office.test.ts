import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfficeEngine, findSoffice, looksLikeOffice, OfficeError } from './office';

/**
 * The engine's queue, profile folders, time-out and clean-up, checked against a stand-in `soffice`
 * (a shell script that logs its arguments and times, sleeps, and writes an output file): a real
 * process, killed for real, without needing LibreOffice. tests/api/convert.test.ts runs the real one.
 */
let bin: string;
let log: string;

const leftovers = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('toolbox-convert-'));
/** The system's temporary folder, shared with other runs' conversions: the engine's go in one of this file's own. */
const systemTmp = process.env.TMPDIR;

beforeAll(async () => {
  bin = await mkdtemp(join(tmpdir(), 'toolbox-fake-soffice-'));
  log = join(bin, 'log');
  await mkdir(join(bin, 'tmp'));
  process.env.TMPDIR = join(bin, 'tmp');
  const script = `#!/bin/sh
# args: ... --outdir DIR FILE ; SLEEP in the file's first line says how long to take
out=""; input=""; profile=""
while [ $# -gt 0 ]; do
  case "$1" in
    --outdir) out="$2"; shift ;;
    -env:UserInstallation=*) profile="$1" ;;
    *) input="$1" ;;
  esac
  shift
done
echo "start $(date +%s%N) $profile" >> "${log}"
sleep $(head -c 4 "$input")
case "$(head -c 8 "$input")" in *FAIL*) exit 0 ;; esac
echo converted > "$out/input.pdf"
echo "end $(date +%s%N)" >> "${log}"
`;
  await writeFile(join(bin, 'soffice'), script);
  await chmod(join(bin, 'soffice'), 0o755);
});

afterAll(async () => {
  if (systemTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTmp;
  await rm(bin, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('office engine', () => {
  it('finds soffice on a PATH, or nothing', async () => {
    expect(await findSoffice(`/nonexistent:${bin}`)).toBe(join(bin, 'soffice'));
    expect(await findSoffice('/nonexistent')).toBeUndefined();
    expect(createOfficeEngine(undefined).formats()).toEqual([]);
    expect(createOfficeEngine(join(bin, 'soffice')).formats()).toContainEqual({
      from: 'docx',
      to: ['pdf', 'odt'],
    });
  });

  it('runs one conversion at a time, each with a fresh profile, and leaves nothing behind', async () => {
    await writeFile(log, '');
    const engine = createOfficeEngine(join(bin, 'soffice'));
    const before = await leftovers();
    const outputs = await Promise.all([
      engine.convert(bytes('0.3 a'), 'docx', 'pdf'),
      engine.convert(bytes('0.3 b'), 'docx', 'pdf'),
      engine.convert(bytes('0.3 c'), 'docx', 'pdf'),
    ]);
    expect(outputs.map((output) => new TextDecoder().decode(output))).toEqual(Array(3).fill('converted\n'));
    const lines = (await readFile(log, 'utf8')).trim().split('\n');
    // start, end, start, end, ...: never two at once.
    expect(lines.map((line) => line.split(' ')[0])).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
    const profiles = lines.filter((line) => line.startsWith('start')).map((line) => line.split(' ')[2]);
    expect(new Set(profiles).size).toBe(3);
    // In folders of the temporary folder this file watches, each gone afterwards.
    for (const profile of profiles) expect(profile).toContain(join(tmpdir(), 'toolbox-convert-'));
    expect(engine.pending).toBe(0);
    expect(await leftovers()).toEqual(before);
  });

  it('refuses more than the queue holds as busy', async () => {
    const engine = createOfficeEngine(join(bin, 'soffice'), { maxQueue: 1 });
    const results = await Promise.allSettled([
      engine.convert(bytes('0.2 a'), 'docx', 'pdf'),
      engine.convert(bytes('0.2 b'), 'docx', 'pdf'),
      engine.convert(bytes('0.2 c'), 'docx', 'pdf'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const refused = results[2] as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(OfficeError);
    expect(refused.reason.reason).toBe('busy');
  });

  it('kills a conversion that takes too long, cleans up, and goes on with the next', async () => {
    const engine = createOfficeEngine(join(bin, 'soffice'), { timeoutMs: 2000 });
    const before = await leftovers();
    const started = Date.now();
    const [slow, next] = await Promise.allSettled([
      engine.convert(bytes('30  slow'), 'docx', 'pdf'),
      engine.convert(bytes('0 quick'), 'docx', 'pdf'),
    ]);
    expect(slow.status).toBe('rejected');
    expect((slow as PromiseRejectedResult).reason.reason).toBe('timeout');
    expect(next.status).toBe('fulfilled');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await leftovers()).toEqual(before);
  });

  it('a run that writes no file is a failure', async () => {
    const engine = createOfficeEngine(join(bin, 'soffice'));
    await expect(engine.convert(bytes('0 FAIL'), 'docx', 'pdf')).rejects.toMatchObject({ reason: 'failed' });
  });

  it('checks what a file starts with', () => {
    const zipWith = (text: string) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes(text)]);
    expect(looksLikeOffice(zipWith('word/document.xml'), 'docx')).toBe(true);
    expect(looksLikeOffice(zipWith('xl/workbook.xml'), 'docx')).toBe(false);
    expect(looksLikeOffice(bytes('plain text pretending'), 'docx')).toBe(false);
    expect(looksLikeOffice(zipWith('mimetypeapplication/vnd.oasis.opendocument.text'), 'odt')).toBe(true);
    expect(looksLikeOffice(bytes('{\\rtf1 hello}'), 'rtf')).toBe(true);
    expect(looksLikeOffice(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'doc')).toBe(
      true,
    );
    expect(looksLikeOffice(bytes('doc'), 'xls')).toBe(false);
  });
});
