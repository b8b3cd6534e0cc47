import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import souq from './apps/web/lint/no-api-in-effect.mjs';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries (decision 016). The web app's layers: shared/ ← features/* ← routes/ (+ root.tsx,
 * entry.server.tsx); the API's: shared/, http/, db/ ← modules/* and the demo seed (apps/api/seed) ← app.ts, server.ts, web.ts. A layer
 * never imports one above it, a feature (module) reaches another only through that one's index.ts, and
 * no import cycle is allowed anywhere in either app.
 */
const here = import.meta.dirname;
const dirsOf = (dir) =>
  fs
    .readdirSync(path.join(here, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** One zone per pair of sibling folders: `a` may import from `b` only b/index.ts. */
function siblingZones(dir) {
  const names = dirsOf(dir);
  return names.flatMap((a) =>
    names
      .filter((b) => b !== a)
      .map((b) => ({
        target: `${dir}/${a}`,
        from: `${dir}/${b}`,
        except: ['./index.ts'],
        message: `${dir}/${a} may import ${dir}/${b} only through its public surface, ${dir}/${b}/index.ts.`,
      })),
  );
}

const web = 'apps/web/app';
const webTop = [`${web}/routes`, `${web}/root.tsx`, `${web}/entry.server.tsx`];
const webLayers = [
  {
    target: `${web}/shared`,
    from: [`${web}/features`, ...webTop],
    message: 'shared/ is the ground floor: it imports no feature or route.',
  },
  { target: `${web}/features`, from: webTop, message: 'A feature never imports a route, root.tsx or entry.server.tsx.' },
];
const api = 'apps/api/src';
const apiSeed = 'apps/api/seed';
const apiTop = [`${api}/app.ts`, `${api}/server.ts`, `${api}/web.ts`];
const apiLayers = [
  {
    target: [`${api}/shared`, `${api}/http`, `${api}/db`],
    from: [`${api}/modules`, ...apiTop, apiSeed],
    message: 'shared/, http/ and db/ are below the modules: they import no module, not the demo seed and not the app.',
  },
  {
    target: `${api}/modules`,
    from: [...apiTop, apiSeed],
    message: 'A module never imports the app that composes it, nor the demo seed (decision 025).',
  },
  // The demo seed (decision 025) sits beside the modules, above the ground floor: app.ts runs it on an
  // empty database; it writes through src/db and src/shared (and its command lines read src/config).
  {
    target: apiSeed,
    from: api,
    except: ['./db', './shared', './config.ts'],
    message: 'The demo seed imports only src/db, src/shared and src/config.ts: no module, and not the app.',
  },
];
const restrict = (zones) => ['error', { basePath: here, zones }];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/dist/**', '**/.react-router/**', 'data/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`, `${api}/**/*.ts`, `${apiSeed}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': restrict([...webLayers, ...siblingZones(`${web}/features`)]) },
  },
  {
    files: [`${api}/**/*.ts`, `${apiSeed}/**/*.ts`],
    rules: { 'import-x/no-restricted-paths': restrict([...apiLayers, ...siblingZones(`${api}/modules`)]) },
  },
  // Tests set up state through other features' and modules' internals (and API tests build the app);
  // the ground floor's tests still import nothing above it.
  { files: [`${web}/**/*.test.{ts,tsx}`], rules: { 'import-x/no-restricted-paths': restrict(webLayers) } },
  {
    files: [`${api}/**/*.test.ts`, `${api}/**/test-support.ts`],
    rules: { 'import-x/no-restricted-paths': restrict([apiLayers[0]]) },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, souq },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // Screens load and change data through React Router, not from effects (issue 35, decision 036).
      'souq/no-api-in-effect': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The contracts' zod schemas must not reach the browser bundle (first-load JS budget):
      // import types from '@souq/contracts' and values from '@souq/contracts/constants'.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@souq/contracts',
              message: 'Import types only (import type …), or constants from @souq/contracts/constants.',
              allowTypeImports: true,
            },
            { name: 'zod', message: 'zod stays on the server.' },
          ],
        },
      ],
    },
  },
);
