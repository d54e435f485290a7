// The project's lint rules (docs/decisions/027). The root eslint.config.js re-exports this file, so paths below are
// relative to the repository root. The import boundaries of DESIGN.md ("Conventions" 1 and 11) are the rules in
// `boundaryZones`: each is a path zone that a file may not import from, checked on resolved paths (not on how the
// import is spelt), so that `../../modules/cart/cart.repo.ts` and `../cart/cart.repo.ts` are the same import.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import globals from 'globals';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dirsOf = (path) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const serverModules = dirsOf('apps/server/src/modules');
const webFeatures = dirsOf('apps/web/src/features');

/** The one file of a server module that other modules may import. */
export const publicFileOf = (module) => `${module}.public.ts`;

const boundaryZones = [
  // The web never imports the server.
  {
    target: 'apps/web',
    from: 'apps/server',
    message: 'The web never imports the server: share the rule through packages/domain.',
  },
  // Shared server code lives in platform/, which builds on nothing of a module.
  {
    target: 'apps/server/src/platform',
    from: 'apps/server/src/modules',
    message: 'platform/ is shared server code and does not depend on a module; move the shared part into platform/.',
  },
  // A server module is used by other modules only through its public file.
  ...serverModules.map((module) => ({
    target: `apps/server/src/modules/${module}`,
    from: 'apps/server/src/modules',
    except: [
      `./${module}`,
      ...serverModules.filter((other) => other !== module).map((other) => `./${other}/${publicFileOf(other)}`),
    ],
    message: `A module is used by others only through its public file (<module>/<module>.public.ts), never its routes, service or repo.`,
  })),
  // A web feature does not import another feature: the app shell composes them, shared pieces live in lib/.
  ...webFeatures.map((feature) => ({
    target: `apps/web/src/features/${feature}`,
    from: 'apps/web/src/features',
    except: [`./${feature}`],
    message:
      'A web feature does not import another feature: the app shell (src/app) composes them; share through src/lib.',
  })),
  {
    target: 'apps/web/src/lib',
    from: ['apps/web/src/features', 'apps/web/src/app'],
    message: 'src/lib is shared by features and does not depend on them or on the app shell.',
  },
];

const domainForbidden = {
  patterns: [
    { group: ['node:*'], message: 'packages/domain is pure TypeScript: no node: modules.' },
    {
      group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@mui/*', 'react-intl'],
      message: 'packages/domain is pure TypeScript: no React.',
    },
    { group: ['fastify', 'fastify-*', '@fastify/*'], message: 'packages/domain is pure TypeScript: no fastify.' },
    { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], message: 'packages/domain has no database.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'e2e/.artifacts/**',
      'apps/server/drizzle/**',
      'tools/lint/node_modules/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, '@eslint-community/eslint-comments': eslintComments },
    settings: {
      // How import-x parses the files it follows (no-cycle reads every imported module's imports).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/domain/tsconfig.json',
            'packages/scs-engine/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // No blanket disables: a disable names its rule and says why after `--`.
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/disable-enable-pair': 'error',
      'no-console': 'off',
    },
  },
  {
    // Size (issue 12): a file over ~500 lines or a function over ~150 is more than a reader holds at once; split it
    // by what each part does (route plugins register their routes by concern, components their sections and hooks).
    files: ['**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Tests follow their subject (a describe block is one long function); benches, seeds and test fixtures are data
    // and scripts read top to bottom.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'apps/server/src/seed/**', 'apps/server/src/testing/**'],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
  {
    files: ['packages/domain/src/**'],
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', domainForbidden],
    },
  },
  {
    // The structured-products engine (docs/decisions/061) is pure like the domain but may use worker threads.
    files: ['packages/scs-engine/src/**'],
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '!node:worker_threads', '!node:os'],
              message: 'packages/scs-engine is pure TypeScript: only worker threads (node:worker_threads, node:os).',
            },
            ...domainForbidden.patterns
              .slice(1)
              .map((p) => ({ ...p, message: p.message.replace('packages/domain', 'packages/scs-engine') })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
