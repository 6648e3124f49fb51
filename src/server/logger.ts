import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; passwords, tokens and cookies never reach them. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'req.headers.cookie', 'headers.cookie'],
      censor: '[redacted]',
    },
  });
}
