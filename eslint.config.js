// ESLint runs only the two type-aware promise rules that Biome cannot check with types:
// an un-awaited Drizzle builder, transaction or client query is a write that may never happen
// (or fail unseen). Biome (biome.json) keeps every other rule and all formatting.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'bench/results/**'],
  },
  {
    files: [
      'apps/api/*.ts',
      'apps/api/src/**/*.ts',
      'apps/api/test/**/*.ts',
      'apps/api/sandbox/**/*.ts',
      'apps/web/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/web/e2e/**/*.ts',
    ],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // Each file is checked with the tsconfig.json of its app (a fifth less time than projectService).
        project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Drizzle's query builders are thenables (QueryPromise implements Promise, it does not
      // extend it): without checkThenables `db.insert(t).values(v);` would pass unseen.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          checkThenables: true,
          // A Fastify reply is thenable too, but `reply.header(...)`/`reply.code(...)` only set
          // fields of the answer: awaiting them is never needed.
          allowForKnownSafePromises: [{ from: 'package', name: 'FastifyReply', package: 'fastify' }],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
