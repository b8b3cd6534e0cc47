// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js fire (decision 016): each case lints a small source as if it
 * were a file at the given place in the tree, and expects the boundary rules to report it or not.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

// no-cycle walks the import graph of each file it checks: seconds on a shared machine.
describe('import boundaries', { timeout: 60_000 }, () => {
  it('refuse an upward import from shared/ (a route, root.tsx, a feature)', async () => {
    const errors = await boundaryErrors(
      'apps/web/app/shared/fixture.ts',
      "import type { RootData } from '~/root';\nimport { NotFound } from '~/shared/ui/not-found';\nimport { useLastSeen } from '~/features/auth';\nimport { meta } from '~/routes/not-found';\nexport const all = [NotFound, useLastSeen, meta] as unknown as RootData[];\n",
    );
    expect(errors).toHaveLength(3);
    expect(errors.every((e) => e.startsWith('import-x/no-restricted-paths'))).toBe(true);
  });

  it('refuse a feature importing a route', async () => {
    const errors = await boundaryErrors(
      'apps/web/app/features/catalog/fixture.tsx',
      "import { meta } from '~/routes/not-found';\nexport const m = meta;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports a route/)]);
  });

  const surfaces = [
    {
      what: 'a feature',
      file: 'apps/web/app/features/catalog/fixture.tsx',
      internal: "import { useLastSeen } from '~/features/auth/last-seen';\nexport const f = useLastSeen;\n",
      surface: "import { useLastSeen } from '~/features/auth';\nexport const f = useLastSeen;\n",
      message: /features\/auth only through its public surface/,
    },
    {
      what: 'an API module',
      file: 'apps/api/src/modules/sellers/fixture.ts',
      internal: "import { hashToken } from '../auth/tokens';\nexport const h = hashToken;\n",
      surface: "import { issueToken } from '../auth';\nexport const i = issueToken;\n",
      message: /modules\/auth only through its public surface/,
    },
  ];
  for (const c of surfaces) {
    it(`refuse ${c.what} reaching into another one's internals, and allow its index.ts`, async () => {
      expect(await boundaryErrors(c.file, c.internal)).toEqual([expect.stringMatching(c.message)]);
      expect(await boundaryErrors(c.file, c.surface)).toEqual([]);
    });
  }

  it('refuse an import cycle (filters.tsx back to product-list.tsx, which imports filters.tsx)', async () => {
    const errors = await boundaryErrors(
      'apps/web/app/features/catalog/filters.tsx',
      "import { ProductListScreen } from './product-list';\nexport const s = ProductListScreen;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-cycle/)]);
  });

  it('refuse the API ground floor importing a module or the app', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/shared/fixture.ts',
      "import { issueToken } from '../modules/auth';\nimport { buildApp } from '../app';\nexport const all = [issueToken, buildApp];\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('keep the demo seed beside the modules: it reads db/ and shared/ only, and only the app runs it', async () => {
    const seedErrors = await boundaryErrors(
      'apps/api/seed/fixture.ts',
      "import { issueToken } from '../src/modules/auth';\nimport { buildApp } from '../src/app';\nexport const all = [issueToken, buildApp];\n",
    );
    expect(seedErrors).toEqual([
      expect.stringMatching(/demo seed imports only src\/db/),
      expect.stringMatching(/demo seed imports only src\/db/),
    ]);
    expect(
      await boundaryErrors(
        'apps/api/seed/fixture.ts',
        "import { createDb } from '../src/db/index';\nimport { searchIndexText } from '../src/shared/search-text';\nexport const all = [createDb, searchIndexText];\n",
      ),
    ).toEqual([]);
    for (const [file, seed] of [
      ['apps/api/src/modules/catalog/fixture.ts', '../../../seed'],
      ['apps/api/src/db/fixture.ts', '../../seed'],
    ]) {
      expect(await boundaryErrors(file!, `import { seedAll } from '${seed}';\nexport const s = seedAll;\n`)).toEqual([
        expect.stringMatching(/demo seed/),
      ]);
    }
  });
});
