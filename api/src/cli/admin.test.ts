import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, findUserByUsername } from '../auth/accounts';
import { verifyPassword } from '../auth/password';
import { BACKENDS, useTestDatabase } from '../auth/test-support';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { type AdminIo, CliError, main, parseAdminArgs, runAdminCreate, USAGE } from './admin';

/** A scripted terminal: answers to secrets and questions in order, and what was printed. */
function fakeIo({
  env = {},
  interactive = true,
  secrets = [],
  answers = [],
}: {
  env?: Record<string, string>;
  interactive?: boolean;
  secrets?: string[];
  answers?: boolean[];
} = {}) {
  const printed: string[] = [];
  const asked: string[] = [];
  const io: AdminIo = {
    env,
    interactive,
    print: (line) => printed.push(line),
    readSecret: async (prompt) => {
      asked.push(prompt);
      const next = secrets.shift();
      if (next === undefined) throw new Error(`Unexpected secret prompt: ${prompt}`);
      return next;
    },
    confirm: async (question) => {
      asked.push(question);
      const next = answers.shift();
      if (next === undefined) throw new Error(`Unexpected question: ${question}`);
      return next;
    },
  };
  return { io, printed, asked };
}

describe('parseAdminArgs', () => {
  it('reads create with a username and options', () => {
    expect(parseAdminArgs(['create', 'root'])).toEqual({
      command: 'create',
      username: 'root',
      email: undefined,
      yes: false,
    });
    expect(parseAdminArgs(['create', '--email', 'r@example.com', 'root', '--yes'])).toEqual({
      command: 'create',
      username: 'root',
      email: 'r@example.com',
      yes: true,
    });
    expect(parseAdminArgs(['create', 'root', '--email=r@example.com', '-y'])).toMatchObject({
      email: 'r@example.com',
      yes: true,
    });
  });

  it('answers help for nothing or --help', () => {
    expect(parseAdminArgs([])).toEqual({ command: 'help' });
    expect(parseAdminArgs(['create', '--help'])).toEqual({ command: 'help' });
  });

  it.each([
    [['delete', 'root'], /Unknown command "delete"/],
    [['create'], /Which username/],
    [['create', 'a', 'b'], /One username only/],
    [['create', 'root', '--force'], /Unknown option --force/],
    [['create', 'root', '--email'], /--email needs an address/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseAdminArgs(argv)).toThrow(CliError);
    expect(() => parseAdminArgs(argv)).toThrow(message);
  });
});

describe.each(BACKENDS)('npm run admin on $name', ({ adminUrl }) => {
  const database = useTestDatabase(adminUrl);

  it('creates an admin with the password from ADMIN_PASSWORD, without asking', async () => {
    const { io, printed, asked } = fakeIo({
      env: { ADMIN_PASSWORD: 'from the environment' },
      interactive: false,
    });
    expect(await runAdminCreate(database().db, { username: 'envadmin' }, io)).toBe('created');
    const user = await findUserByUsername(database().db, 'envadmin');
    expect(user).toMatchObject({ role: 'admin', email: 'envadmin@example.invalid' });
    expect(await verifyPassword(user?.passwordHash, 'from the environment')).toBe(true);
    expect(asked).toEqual([]);
    expect(printed).toEqual(['Admin envadmin created.']);
  });

  it('asks the password twice on the terminal, with --email', async () => {
    const { io, asked } = fakeIo({ secrets: ['typed password', 'typed password'] });
    expect(await runAdminCreate(database().db, { username: 'typed', email: 'typed@example.com' }, io)).toBe(
      'created',
    );
    expect(asked).toEqual(['Password: ', 'Password (again): ']);
    const user = await findUserByUsername(database().db, 'typed');
    expect(user?.email).toBe('typed@example.com');
    expect(await verifyPassword(user?.passwordHash, 'typed password')).toBe(true);
  });

  it.each([
    [{ secrets: ['one password', 'another one'] }, /The two passwords differ/],
    [{ secrets: ['short', 'short'] }, /Password refused: This password is too short/],
    [{ interactive: false }, /No terminal to ask the password on: set ADMIN_PASSWORD/],
    [{ env: { ADMIN_PASSWORD: 'tiny' } }, /Password refused/],
  ])('refuses %o and creates nothing', async (options, message) => {
    const { io } = fakeIo(options);
    await expect(runAdminCreate(database().db, { username: 'refused' }, io)).rejects.toThrow(message);
    expect(await findUserByUsername(database().db, 'refused')).toBeNull();
  });

  it('refuses a bad username or email', async () => {
    const { io } = fakeIo({ env: { ADMIN_PASSWORD: 'long enough' } });
    await expect(runAdminCreate(database().db, { username: 'has space' }, io)).rejects.toThrow(
      /Username refused: Enter a valid username/,
    );
    await expect(runAdminCreate(database().db, { username: 'fine', email: 'nope' }, io)).rejects.toThrow(
      /Email refused: Enter a valid email address/,
    );
  });

  it('promotes an existing member after confirmation, keeping the password', async () => {
    await createAccount(database().db, {
      username: 'promoteme',
      email: 'promoteme@example.com',
      password: 'members own password',
      role: 'member',
      fullName: 'Promote Me',
    });
    const declined = fakeIo({ answers: [false] });
    expect(await runAdminCreate(database().db, { username: 'PromoteMe' }, declined.io)).toBe('cancelled');
    expect((await findUserByUsername(database().db, 'promoteme'))?.role).toBe('member');
    expect(declined.asked[0]).toMatch(/promoteme exists \(member\)\. Make it an admin\?/);

    const accepted = fakeIo({ answers: [true], env: { ADMIN_PASSWORD: 'not used for promotions' } });
    expect(await runAdminCreate(database().db, { username: 'promoteme' }, accepted.io)).toBe('promoted');
    const user = await findUserByUsername(database().db, 'promoteme');
    expect(user?.role).toBe('admin');
    expect(await verifyPassword(user?.passwordHash, 'members own password')).toBe(true);

    const again = fakeIo();
    expect(await runAdminCreate(database().db, { username: 'promoteme' }, again.io)).toBe('already-admin');
  });

  it('says so when the user is deleted while it asks, and promotes no one', async () => {
    await createAccount(database().db, {
      username: 'leaving',
      email: 'leaving@example.com',
      password: 'long enough',
      role: 'member',
      fullName: 'Leaving',
    });
    const { io, printed } = fakeIo();
    io.confirm = async () => {
      await database().db.delete(users).where(eq(users.username, 'leaving'));
      return true;
    };
    await expect(runAdminCreate(database().db, { username: 'leaving' }, io)).rejects.toThrow(
      new CliError('leaving was deleted meanwhile: nothing changed.'),
    );
    expect(printed).toEqual([]);
    expect(await findUserByUsername(database().db, 'leaving')).toBeNull();
  });

  it('needs --yes to promote without a terminal', async () => {
    await createAccount(database().db, {
      username: 'scripted',
      email: 'scripted@example.com',
      password: 'long enough',
      role: 'manager',
      fullName: 'Scripted',
    });
    await expect(
      runAdminCreate(database().db, { username: 'scripted' }, fakeIo({ interactive: false }).io),
    ).rejects.toThrow(/scripted exists \(manager\): add --yes/);
    expect(
      await runAdminCreate(
        database().db,
        { username: 'scripted', yes: true },
        fakeIo({ interactive: false }).io,
      ),
    ).toBe('promoted');
  });
});

describe('the admin command line', () => {
  it('prints the usage for --help and refuses unknown commands with exit code 1', async () => {
    const help = fakeIo();
    expect(await main(['--help'], help.io)).toBe(0);
    expect(help.printed).toEqual([USAGE]);
    const wrong = fakeIo();
    expect(await main(['drop', 'everything'], wrong.io)).toBe(1);
    expect(wrong.printed[0]).toMatch(/Unknown command/);
  });

  it('reports a bad configuration without touching a database', async () => {
    const { io, printed } = fakeIo({ env: { DATABASE_URL: 'mysql://nope' } });
    expect(await main(['create', 'root'], io)).toBe(1);
    expect(printed[0]).toMatch(/DATABASE_URL/);
  });

  it('creates the admin in the database that DATA_DIR names, then the server can use it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'toolbox-admin-cli-'));
    try {
      const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'cli password!' };
      expect(await main(['create', 'cliroot', '--email', 'cliroot@example.com'], fakeIo({ env }).io)).toBe(0);
      const second = fakeIo({ env });
      expect(await main(['create', 'cliroot'], second.io)).toBe(0);
      expect(second.printed).toEqual(['cliroot is already an admin: nothing changed.']);
      const failing = fakeIo({ env: { DATA_DIR: dataDir }, interactive: false });
      expect(await main(['create', 'another'], failing.io)).toBe(1);
      expect(failing.printed).toEqual(['No terminal to ask the password on: set ADMIN_PASSWORD.']);

      const opened = await openDatabase({ dataDir });
      try {
        const user = await findUserByUsername(opened.db, 'cliroot');
        expect(user).toMatchObject({ role: 'admin', email: 'cliroot@example.com' });
        expect(await verifyPassword(user?.passwordHash, 'cli password!')).toBe(true);
      } finally {
        await opened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
