// Lint: typescript-eslint's strict type-checked rules over every TypeScript folder, plus the one-way import rule
// scripts -> http -> engine -> sql: http reaches the engine only through its public modules, the engine never imports
// http or the programs (scripts/, demo/), and sql/ holds SQL only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The engine modules http may import: the query API, configuration, and the token/plan store its auth uses. */
const ENGINE_PUBLIC = String.raw`(?:query/|config\.ts$|accounts/|models/index\.ts$)`;

const restrict = (...patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['node_modules/**', 'parquet/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    // node:test registers a test when called; the promise it returns is the runner's to await, not the caller's
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [
          { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] },
          { from: 'file', path: 'test/helpers/fixtureTest.ts', name: ['test', 'it', 'describe'] },
        ],
      }],
    },
  },
  {
    files: ['http/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: String.raw`(?:^|/)engine/(?!${ENGINE_PUBLIC})`, message: 'http/ may import only the engine\'s public modules (engine/query, engine/config.ts, engine/accounts, engine/models/index.ts)' },
        { regex: String.raw`(?:^|/)(?:scripts|demo)/`, message: 'http/ never imports the programs (scripts/, demo/)' },
      ),
    },
  },
  {
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: String.raw`(?:^|/)(?:http|scripts|demo)/`, message: 'the engine never imports http/ or the programs (scripts/, demo/)' },
      ),
    },
  },
  {
    files: ['demo/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict({ regex: String.raw`(?:^|/)(?:http|scripts)/`, message: 'demo/ is a program over the engine: no http/ or scripts/' }),
    },
  },
  {
    files: ['sql/**/*.{ts,js,mjs,cjs}'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'Program', message: 'sql/ holds SQL only; TypeScript belongs in engine/' }] },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
