import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has defaults that run the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3000 });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('names the variable a person would set, for every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'localhost:6379' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT (port)');
    expect(message).toContain('DATABASE_URL (databaseUrl): must start with postgres://');
    expect(message).toContain('REDIS_URL (redisUrl)');
  });

  it('reads the YAML file named by ATELIER_CONFIG, with the environment on top', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-config-'));
    const file = path.join(dir, 'atelier.yaml');
    fs.writeFileSync(
      file,
      'port: 4000\nhost: 0.0.0.0\nrateLimit:\n  auth: 5\nproviders:\n  - name: local\n',
    );
    const config = loadConfig({ ATELIER_CONFIG: file, HOST: '127.0.0.2' });
    expect(config.port).toBe(4000);
    expect(config.host).toBe('127.0.0.2');
    expect(config.rateLimit.auth).toBe(5);
    expect(config.extra.providers).toEqual([{ name: 'local' }]);
    fs.rmSync(dir, { recursive: true });
  });

  it('explains an unreadable config file', () => {
    expect(() => loadConfig({ ATELIER_CONFIG: '/nonexistent/atelier.yaml' })).toThrow(
      /ATELIER_CONFIG names \/nonexistent\/atelier.yaml/,
    );
  });
});
