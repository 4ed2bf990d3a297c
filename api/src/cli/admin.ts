/**
 * `npm run admin -- create <username> [--email <address>] [--yes]`: creates the first admin (or any
 * admin) in the configured database (DATABASE_URL, or the embedded one in DATA_DIR), or promotes an
 * existing user to admin after confirmation. The password comes from ADMIN_PASSWORD or is asked
 * twice on the terminal, hidden; an existing user's password is never changed.
 *
 * With the embedded database, stop the server first: PGlite serves one process at a time.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import {
  createAccount,
  DuplicateAccountError,
  findUserByUsername,
  placeholderEmail,
  promoteToAdmin,
} from '../auth/accounts';
import { emailField, passwordField, problemWith, usernameField } from '../auth/fields';
import { ConfigError, loadConfig } from '../config';
import type { Database } from '../db/client';
import { openDatabase } from '../db/client';
import { isEntry } from '../entry';

export const USAGE = `Usage: npm run admin -- create <username> [--email <address>] [--yes]

Creates <username> as an admin, or makes an existing user an admin (after confirmation, or with --yes).
The password is read from ADMIN_PASSWORD, or asked on the terminal (twice, at least 8 characters).
Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).`;

/** A problem to report to the person at the terminal: printed without a stack, exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}

export type AdminArgs =
  | { command: 'help' }
  | { command: 'create'; username: string; email: string | undefined; yes: boolean };

/** What `node:util` parseArgs reports, in the words of this command. */
function parseProblem(error: unknown): CliError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && message.includes('--email')) {
    return new CliError('--email needs an address.');
  }
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(message)?.[1] ?? message;
    return new CliError(`Unknown option ${option}.\n\n${USAGE}`);
  }
  return new CliError(`${message}\n\n${USAGE}`);
}

export function parseAdminArgs(argv: readonly string[]): AdminArgs {
  let parsed: { values: { email?: string; yes?: boolean; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        yes: { type: 'boolean', short: 'y' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    if (argv.includes('--help') || argv.includes('-h')) return { command: 'help' };
    throw parseProblem(error);
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0 || values.help) return { command: 'help' };
  const [command, username, extra] = positionals;
  if (command !== 'create') throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
  if (!username) throw new CliError(`Which username?\n\n${USAGE}`);
  if (extra !== undefined) throw new CliError(`One username only (got "${username}" and "${extra}").`);
  if (values.email === '') throw new CliError('--email needs an address.');
  return { command: 'create', username, email: values.email, yes: values.yes ?? false };
}

export interface AdminIo {
  env: Record<string, string | undefined>;
  /** Whether questions can be asked (stdin is a terminal). */
  interactive: boolean;
  print(line: string): void;
  /** Asks for a secret without echoing it. */
  readSecret(prompt: string): Promise<string>;
  /** Asks a yes/no question; anything but yes is no. */
  confirm(question: string): Promise<boolean>;
}

export type AdminOutcome = 'created' | 'promoted' | 'already-admin' | 'cancelled';

/** The password for a new admin: ADMIN_PASSWORD, or asked twice. */
async function newPassword(io: AdminIo): Promise<string> {
  const fromEnv = io.env.ADMIN_PASSWORD;
  let password: string;
  if (fromEnv && fromEnv.trim() !== '') {
    password = fromEnv;
  } else {
    if (!io.interactive) throw new CliError('No terminal to ask the password on: set ADMIN_PASSWORD.');
    password = await io.readSecret('Password: ');
    const again = await io.readSecret('Password (again): ');
    if (password !== again) throw new CliError('The two passwords differ: nothing was changed.');
  }
  const problem = problemWith(passwordField, password);
  if (problem) throw new CliError(`Password refused: ${problem}`);
  return password;
}

export async function runAdminCreate(
  db: Database,
  {
    username: rawUsername,
    email: rawEmail,
    yes,
  }: { username: string; email?: string | undefined; yes?: boolean },
  io: AdminIo,
): Promise<AdminOutcome> {
  const username = rawUsername.trim();
  const usernameProblem = problemWith(usernameField, username);
  if (usernameProblem) throw new CliError(`Username refused: ${usernameProblem}`);
  const email = (rawEmail ?? io.env.ADMIN_EMAIL)?.trim() || undefined;
  if (email) {
    const emailProblem = problemWith(emailField, email);
    if (emailProblem) throw new CliError(`Email refused: ${emailProblem}`);
  }

  const existing = await findUserByUsername(db, username);
  if (existing) {
    if (existing.role === 'admin') {
      io.print(`${existing.username} is already an admin: nothing changed.`);
      return 'already-admin';
    }
    if (!yes) {
      if (!io.interactive) {
        throw new CliError(`${existing.username} exists (${existing.role}): add --yes to make it an admin.`);
      }
      const confirmed = await io.confirm(
        `${existing.username} exists (${existing.role}). Make it an admin? Its password stays as it is. [y/N] `,
      );
      if (!confirmed) {
        io.print('Nothing changed.');
        return 'cancelled';
      }
    }
    if (!(await promoteToAdmin(db, existing.id))) {
      throw new CliError(`${existing.username} was deleted meanwhile: nothing changed.`);
    }
    io.print(`${existing.username} is now an admin (password unchanged).`);
    return 'promoted';
  }

  const password = await newPassword(io);
  try {
    await createAccount(db, {
      username,
      email: email ?? placeholderEmail(username),
      password,
      role: 'admin',
      fullName: username,
    });
  } catch (error) {
    if (error instanceof DuplicateAccountError) {
      throw new CliError(
        error.fields.includes('username')
          ? `${username} was created by someone else meanwhile: run the command again.`
          : `The email ${email ?? placeholderEmail(username)} belongs to another user: choose one with --email.`,
      );
    }
    throw error;
  }
  io.print(`Admin ${username} created.`);
  return 'created';
}

/** Runs the command line; answers the exit code. */
export async function main(argv: readonly string[], io: AdminIo): Promise<number> {
  let args: AdminArgs;
  try {
    args = parseAdminArgs(argv);
  } catch (error) {
    if (error instanceof CliError) {
      io.print(error.message);
      return 1;
    }
    throw error;
  }
  if (args.command === 'help') {
    io.print(USAGE);
    return 0;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.print(error.message);
      return 1;
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const outcome = await runAdminCreate(database.db, args, io);
    return outcome === 'cancelled' ? 1 : 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.print(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** Typed ahead past the end of the line a secret prompt read: the next prompt's input. */
let typedAhead = '';

/** Reads a line from the terminal without echoing it (raw mode); Ctrl-C cancels. */
function readSecretFromTerminal(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolvePromise, reject) => {
    let characters: string[] = [];
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    const onData = (chunk: string) => {
      const all = [...chunk];
      for (const [index, character] of all.entries()) {
        if (character === '\r' || character === '\n' || character === '\u0004') {
          let rest = all.slice(index + 1).join('');
          if (character === '\r' && rest.startsWith('\n')) rest = rest.slice(1);
          typedAhead = rest;
          finish();
          resolvePromise(characters.join(''));
          return;
        }
        if (character === '\u0003') {
          finish();
          reject(new CliError('Cancelled.'));
          return;
        }
        if (character === '\u007f' || character === '\b') characters = characters.slice(0, -1);
        else characters.push(character);
      }
    };
    stdin.on('data', onData);
    if (typedAhead) {
      const pending = typedAhead;
      typedAhead = '';
      onData(pending);
    }
  });
}

async function confirmOnTerminal(question: string): Promise<boolean> {
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await readline.question(question)).trim());
  } finally {
    readline.close();
  }
}

const terminalIo: AdminIo = {
  env: process.env,
  interactive: Boolean(process.stdin.isTTY),
  print: (line) => console.log(line),
  readSecret: readSecretFromTerminal,
  confirm: confirmOnTerminal,
};

if (isEntry(import.meta.url)) {
  main(process.argv.slice(2), terminalIo).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('The admin command failed:', error);
      process.exit(1);
    },
  );
}
