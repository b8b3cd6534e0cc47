import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The contracts' zod schemas must not reach the browser bundle (first-load JS budget):
      // import types from '@souq/contracts' and values from '@souq/contracts/constants'.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@souq/contracts', message: 'Import types only (import type …), or constants from @souq/contracts/constants.', allowTypeImports: true },
            { name: 'zod', message: 'zod stays on the server.' },
          ],
        },
      ],
    },
  },
);
