import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@atelier/contracts';
import { runtimeSource } from './contracts-runtime';

type Runtime = Record<string, Record<string, unknown>>;
// Inside the web folder: the test runner imports files under its root.
const dir = mkdtempSync(join(process.cwd(), 'build', '.contracts-runtime-'));
let light: Runtime;

beforeAll(async () => {
  const file = join(dir, 'contracts.mjs');
  writeFileSync(file, runtimeSource(contracts as unknown as Record<string, unknown>));
  light = (await import(/* @vite-ignore */ file)) as Runtime;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const isEndpoint = (v: unknown): v is contracts.Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'data' in v;

describe('the web build of the contracts', () => {
  it('gives every endpoint its method, path and access', () => {
    let count = 0;
    for (const [name, ns] of Object.entries(contracts))
      for (const [key, value] of Object.entries(ns as object))
        if (isEndpoint(value)) {
          count += 1;
          expect(light[name]![key]).toEqual({
            method: value.method,
            path: value.path,
            access: value.access,
          });
        }
    expect(count).toBeGreaterThan(200);
  });

  it('keeps the constants and the helpers the web calls', () => {
    expect(light.TaskStatus).toEqual(contracts.TaskStatus);
    expect(light.drawing!.mjVersions).toEqual(contracts.drawing.mjVersions);
    expect(light.files!.uploadMimes).toEqual(contracts.files.uploadMimes);
    expect(light.kinds!.taskKinds).toEqual(contracts.kinds.taskKinds);
    const runtime = light as unknown as typeof contracts;
    for (const status of [1, 2, 3, 4]) {
      expect(runtime.isTaskActive(status)).toBe(contracts.isTaskActive(status));
      expect(runtime.isTaskFinished(status)).toBe(contracts.isTaskFinished(status));
    }
    for (const kind of [...contracts.kinds.taskKindNames, 'nothing'])
      expect(runtime.kinds.taskKindOf(kind)).toEqual(contracts.kinds.taskKindOf(kind));
    expect(runtime.sites.completeLocalized({ 'zh-CN': '你好' })).toEqual(
      contracts.sites.completeLocalized({ 'zh-CN': '你好' }),
    );
  });

  it('says where a schema is when code reaches for one', () => {
    expect(() => light.drawing!.mjParams).toThrow(/drawing\.mjParams .*@atelier\/contracts\/full/);
    const runtime = light as unknown as typeof contracts;
    expect(() => runtime.sites.localizedInput(10)).toThrow(/@atelier\/contracts\/full/);
  });
});
