// ESLint flat config: @eslint/js recommended + typescript-eslint recommended, run by `npm run lint` (part of `npm test`).
// Deliberately not the type-checked presets: type-aware linting builds a TypeScript program over the whole tree
// (~70k lines) and would add minutes to `npm test` on a 2-core machine; `tsc --noEmit` already runs there.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The handful of runtime globals the plain .js/.mjs files use (TypeScript files are checked by tsc instead).
const nodeGlobals = {
  process: 'readonly',
  console: 'readonly',
  Buffer: 'readonly',
  URL: 'readonly',
  fetch: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
  setInterval: 'readonly',
  clearInterval: 'readonly',
};

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/cdk.out/', '.local/', '**/dist/', 'test-results/', '.vitest-*/', 'docs/openapi.json']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: [
      '{infra,functions,shared,scripts,test,bench}/**/*.{ts,tsx,mts,cts,js,mjs,cjs}',
      'sdk/*/src/**/*.{ts,tsx,js,mjs}',
      'console/src/**/*.{ts,tsx}',
      '*.{js,ts}',
    ],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: nodeGlobals },
    rules: {
      // `_`-prefixed names are the codebase's way to say "deliberately unused" (destructuring-out, positional args).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      // A comment above a group of `case` labels explains the group; such a label is still empty, not a fall-through.
      'no-fallthrough': ['error', { allowEmptyCase: true }],
    },
  },
  {
    files: ['test/**'],
    // Tests read the platform's JSON answers as `any` and assert on them field by field; the assertions are the types.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
]);
