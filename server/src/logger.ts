import type { LoggerOptions } from 'pino';
import type { AppConfig } from './config.js';

/**
 * Never logged: credentials in headers, passwords, tokens, keys and secrets anywhere in a
 * logged object (the auth flow test reads every log line to hold this).
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.guestid',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.token_hash',
  '*.code',
  '*.apiKey',
  '*.secret',
  '*.secretKey',
  'config.secretKey',
  'config.adminPassword',
];

export function loggerOptions(config: AppConfig): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: {
        method: string;
        url: string;
        ip?: string;
        headers: Record<string, unknown>;
      }) => ({
        method: req.method,
        url: req.url,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
    },
  };
}
