import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs (to standard output unless `destination` is given); passwords, tokens and cookies never reach them. */
export function createLogger(level: string, destination?: DestinationStream) {
  const options = {
    level,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'req.headers.cookie', 'headers.cookie'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
