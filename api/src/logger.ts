/** A small leveled logger: one line per call, errors with their stack, server-side only. */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  /** Logs the message and, when given, the error with its stack. */
  error(message: string, error?: unknown): void;
}

interface Sink {
  log(line: string): void;
  error(line: string): void;
}

const defaultSink: Sink = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
};

export function createLogger(level: LogLevel = 'info', sink: Sink = defaultSink): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const enabled = (at: LogLevel) => LOG_LEVELS.indexOf(at) >= threshold;
  const line = (at: LogLevel, message: string) =>
    `${new Date().toISOString()} ${at.toUpperCase()} ${message}`;
  return {
    debug: (message) => enabled('debug') && sink.log(line('debug', message)),
    info: (message) => enabled('info') && sink.log(line('info', message)),
    warn: (message) => enabled('warn') && sink.error(line('warn', message)),
    error: (message, error) => {
      if (!enabled('error')) return;
      const detail =
        error instanceof Error ? `\n${error.stack ?? error.message}` : error ? `\n${String(error)}` : '';
      sink.error(`${line('error', message)}${detail}`);
    },
  };
}

export const silentLogger: Logger = createLogger('silent');
