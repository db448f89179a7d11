import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The module boundary rule of eslint.config.js, run through ESLint's own API on sources placed
 * (in name only: nothing is written) inside the modules folder: a module reaches another only
 * through its index.ts, while its own files and tests import each other freely.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, {
    filePath: path.join(repoRoot, 'server/src/modules', file),
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

describe('server module boundaries (lint)', () => {
  it("rejects a module importing another module's inner file", async () => {
    const errors = await boundaryErrors(
      'drawing/boundary-probe.ts',
      "import { grant } from '../credits/ledger.js';\nexport const probe = grant;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('../credits/ledger.js');
    expect(errors[0]).toContain('only through its index.ts');
  });

  it('rejects it from a nested folder and for type-only imports too', async () => {
    const errors = await boundaryErrors(
      'payments/gateways/boundary-probe.ts',
      "import type { TaskRow } from '../../tasks/runner.js';\nexport type Probe = TaskRow;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("accepts another module's index.ts", async () => {
    const errors = await boundaryErrors(
      'drawing/boundary-probe.ts',
      "import { grant } from '../credits/index.js';\nexport const probe = grant;\n",
    );
    expect(errors).toEqual([]);
  });

  it('accepts a module (and its tests) importing its own files', async () => {
    const source =
      "import { grant } from './ledger.js';\nimport { texts } from './messages.js';\nexport const probe = [grant, texts];\n";
    expect(await boundaryErrors('credits/boundary-probe.ts', source)).toEqual([]);
    expect(await boundaryErrors('credits/boundary-probe.test.ts', source)).toEqual([]);
  });
});
