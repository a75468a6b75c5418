// ESLint: recommended JavaScript and TypeScript rules, plus the import zones of DESIGN.md §3, so
// the layering is kept by the linter rather than by memory. Style is left to the editor: no rule
// here is about formatting.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Absolute glob: import-x matches glob zones against absolute file paths. */
const glob = (pattern) => path.join(root, pattern);

const webFeatures = readdirSync(path.join(root, 'src/web/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serverModules = readdirSync(path.join(root, 'src/server/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** import-x/no-restricted-paths zones: `target` may not import `from` (DESIGN.md §3). */
const zones = [
  { target: './src/web', from: './src/server', message: 'The web app talks to the server over HTTP only; share code through src/shared.' },
  { target: './src/server', from: './src/web', message: 'The server never imports the web app; share code through src/shared.' },
  { target: './src/shared', from: './src', except: ['./shared'], message: 'src/shared imports nothing else of src/.' },
  {
    target: './src/server',
    from: './src/cli',
    message: 'The server never imports the CLI (the CLI depends on the server); demo seeding is loaded by path, see server/demo-seeding.ts.',
  },
  { target: ['./src/web', './src/shared'], from: './src/cli', message: 'Nothing in the app imports the CLI.' },
  // Web features never import each other; shared UI lives in components/ui, shared state in lib/.
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Web features never import each other: move what both need to src/web/components/ui or src/web/lib.',
  })),
  { target: ['./src/web/components', './src/web/lib'], from: ['./src/web/features', './src/web/app'], message: 'Shared web code never imports a feature or the app shell.' },
  { target: './src/web/features', from: './src/web/app', message: 'Features never import the app shell (router, layout).' },
  // Server layering: routes -> services -> repositories -> db.
  { target: glob('src/server/**/*.repository.ts'), from: [glob('src/server/**/*.service.ts'), glob('src/server/**/*.routes.ts')], message: 'A repository holds queries only: it never calls a service or a route.' },
  { target: glob('src/server/**/*.service.ts'), from: glob('src/server/**/*.routes.ts'), message: 'A service never imports a route.' },
  { target: glob('src/server/**/*.routes.ts'), from: glob('src/server/**/*.repository.ts'), message: 'Routes are thin: they call a service, never a repository.' },
  // Modules depend one way, through each other's services or small read interfaces. The audit log
  // is the exception: every module writes its entries in the same transaction as the change.
  ...serverModules.map((module) => ({
    target: glob(`src/server/modules/${module}/!(*.repository|*.test).ts`),
    from: glob(`src/server/modules/!(${module}|audit)/*.repository.ts`),
    message: "A module never reaches another module's repositories: call its service or a read interface it offers.",
  })),
  { target: './src/server/db', from: ['./src/server/modules', './src/server/http', './src/server/auth', './src/server/storage', './src/server/mail'], message: 'db/ is the bottom layer: it imports only config and shared code.' },
  // Application code never reaches into the tests.
  { target: glob('src/**/!(*.test).{ts,tsx}'), from: './tests', message: 'Application code never imports test support.' },
];

/**
 * Packages only one folder may import. no-restricted-imports works on package names but skips
 * import(), so a dynamic import of the same packages is caught by no-restricted-syntax.
 */
const dialect = { group: ['better-sqlite3', 'pg', 'pg-*'], dynamic: '^(better-sqlite3|pg|pg-.*)$', message: 'Only src/server/db/ knows the database dialect.' };
const s3 = { group: ['@aws-sdk/*'], dynamic: '^@aws-sdk', message: 'Only src/server/storage/ talks to S3.' };
const dynamicImports = (packages) =>
  packages.map(({ dynamic, message }) => ({ selector: `ImportExpression[source.value=/${dynamic}/]`, message }));
const onlyIn = (files, ...packages) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: packages.map(({ group, message }) => ({ group, message })) }],
    'no-restricted-syntax': ['error', ...dynamicImports(packages)],
  },
});

/**
 * Repositories run queries on the executor they are given and never open a transaction: the
 * service decides what lands together, as a unit of work (db/unit-of-work.ts, decision 024).
 * no-restricted-syntax of a later block replaces an earlier one's, so the dialect rule is repeated.
 */
const noTransactionsInRepositories = {
  files: ['src/server/**/*.repository.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...dynamicImports([dialect, s3]),
      {
        selector: "CallExpression[callee.property.name=/^(transaction|startTransaction|connection)$/]",
        message: 'A repository never opens a transaction: the service runs it in a unit of work (decision 024).',
      },
      {
        selector: "ImportSpecifier[imported.name=/^unitOfWork/]",
        message: 'A repository never starts a unit of work: it is built on the one its service hands it (decision 024).',
      },
    ],
  },
};

export default defineConfig(
  {
    ignores: ['dist/', 'coverage/', 'test-results/', 'playwright-report/', '.e2e-*/', 'data/', 'src/web/public/', 'node_modules/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses imported .ts files itself (for no-cycle) only when told which parser reads them.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Stripping control characters from untrusted text (titles, page text, file names) is
      // deliberate in several places; the rule only catches typos in regexes that have none.
      'no-control-regex': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
  // Only db/ knows the dialect; only storage/ knows where bytes live. The backup CLI
  // (cli/snapshot) copies the SQLite file with SQLite's online-backup API, which only a direct
  // better-sqlite3 handle offers.
  { ...onlyIn(['src/**/*.{ts,tsx}'], dialect, s3), ignores: ['src/server/db/**', 'src/cli/snapshot/**', 'src/server/storage/**'] },
  onlyIn(['src/server/db/**/*.ts', 'src/cli/snapshot/**/*.ts'], s3),
  onlyIn(['src/server/storage/**/*.ts'], dialect),
  noTransactionsInRepositories,
  {
    // Kysely's migration idiom: a migration sees the schema as it was then, not today's types.
    files: ['src/server/db/migrate.ts', 'src/server/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
