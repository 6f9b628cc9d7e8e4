import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const serverSrc = 'apps/server/src';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-undef': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: 'packages/contracts', from: ['apps'], message: 'contracts depends on zod only.' },
            {
              target: 'apps/web',
              from: 'apps/server',
              message: 'The web app talks to the server over HTTP only.',
            },
            { target: 'apps/server', from: 'apps/web', message: 'The server never imports the web app.' },
            {
              target: `${serverSrc}/routes`,
              from: `${serverSrc}/db`,
              message: 'Routes call services; only db/ builds SQL.',
            },
            {
              target: `${serverSrc}/jobs`,
              from: `${serverSrc}/db/repositories`,
              message: 'Jobs call services.',
            },
            {
              target: `${serverSrc}/services`,
              from: [`${serverSrc}/routes`, `${serverSrc}/jobs`],
              message: 'Services never import drivers.',
            },
            {
              target: `${serverSrc}/db/migrations`,
              from: serverSrc,
              except: ['./db/migrations'],
              message: 'Migrations are frozen: kysely only.',
            },
            {
              target: `${serverSrc}/db`,
              from: [`${serverSrc}/services`, `${serverSrc}/routes`, `${serverSrc}/jobs`],
              message: 'Repositories sit below services.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|zod/|\\./|\\.\\./).*', message: 'contracts imports zod only.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*', '../../*/**'],
              message: 'A feature never imports another feature; compose them in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${serverSrc}/**/*.ts`],
    ignores: [`${serverSrc}/db/**`, '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
          message: 'SQL lives in db/ only.',
        },
      ],
    },
  },
  {
    files: ['**/db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
