import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'var/', 'node_modules/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // `import { type A }` keeps the module as a side-effect import (verbatimModuleSyntax): a type-only
      // import must say `import type`, or a browser chunk loads the module anyway.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  { files: ['scripts/**', 'tests/**', 'src/server/cli/**', 'src/app/cli/**'], rules: { 'no-console': 'off' } },
);
