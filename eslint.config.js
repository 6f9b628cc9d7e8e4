import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const serverSrc = 'apps/server/src';
// The entry points: the only files that may import the command-line modules in src/cli/.
const serverEntries = new Set(['cli', 'cli.ts', 'main.ts', 'worker.ts']);
const serverLibraries = fs
  .readdirSync(new URL(`./${serverSrc}`, import.meta.url))
  .filter((name) => !serverEntries.has(name))
  .map((name) => `${serverSrc}/${name}`);
const layerZones = [
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
    target: `${serverSrc}/routes`,
    from: `${serverSrc}/jobs`,
    message: 'Drivers never import each other: routes and jobs both call services.',
  },
  {
    target: `${serverSrc}/jobs`,
    from: `${serverSrc}/routes`,
    message: 'Drivers never import each other: routes and jobs both call services.',
  },
  {
    target: `${serverSrc}/services`,
    from: [`${serverSrc}/routes`, `${serverSrc}/jobs`],
    message: 'Services never import drivers.',
  },
  {
    target: `${serverSrc}/corpus`,
    from: [`${serverSrc}/services`, `${serverSrc}/routes`, `${serverSrc}/jobs`, `${serverSrc}/cli`],
    message: 'corpus/ is a library below the services and drivers.',
  },
  {
    target: `${serverSrc}/corpus`,
    from: `${serverSrc}/db`,
    except: ['./tables'],
    message: 'corpus/ may read the table row types in db/tables/, never repositories or SQL.',
  },
  {
    target: serverLibraries,
    from: `${serverSrc}/cli`,
    message: 'Only the entry points (cli.ts, main.ts, worker.ts) import the command line in src/cli/.',
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
];
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
          zones: layerZones,
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
    files: ['apps/web/src/features/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones,
            ...webFeatures.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature; compose them in app/.',
            })),
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
    // No import loop in the server (a loop hides which layer is below which).
    files: [`${serverSrc}/**/*.ts`],
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts'],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Tests may look below the layer they test (a route test checks the ledger rows it caused).
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['**/db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
