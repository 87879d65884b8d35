import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

/**
 * `npm run lint`, part of `npm test`: the recommended rules of ESLint, typescript-eslint and the Astro
 * plugin, without type information (fast), tuned only where the code follows a convention on purpose.
 */
export default tseslint.config(
  { ignores: ['dist/', 'dist.*/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/results/', 'data/', 'backups/', 'public/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    rules: {
      // A leading underscore names what is left out on purpose: an unused parameter of a callback's
      // signature, the fields a destructuring drops (`{ players: _players, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // A unit a reader holds in mind at once (issue 34): no function over 100 lines, nested ones counted.
    files: ['server/**', 'src/**', 'contract/**', 'markup/**', 'integrations/**', 'scripts/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 100 }] },
  },
  {
    // The config files run in Node without TypeScript's knowledge of its globals.
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
  },
  {
    // Tests read the API's JSON answers as they come, untyped on purpose: a test asserts the shape.
    files: ['tests/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
