// Type-aware lint for the server, the web app, tests, benches and scripts.
// Formatting is Prettier's job (`npm run format`), not ESLint's.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'src/generated/**',
      'web/dist/**',
      'web/src/lib/api-types.ts',
      'node_modules/**',
      'test-output/**',
      'dist/**',
      'coverage/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Express 5 handlers and event listeners may be async: the router handles their rejections.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests and benches read HTTP bodies (`res.body` is any) and assert on them with expect.
    files: ['test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: globals.browser },
  },
  {
    // The web app's layers: a feature (web/src/features/<name>) uses another
    // feature only through its public entry, index.ts; the shared folders (components, lib) use
    // no feature; the app (routes, layouts) composes features through their entries.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
      'boundaries/include': ['web/src/**/*'],
      'boundaries/elements': [
        { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'shared', pattern: ['web/src/components', 'web/src/lib'], partialMatch: false },
        { type: 'app', pattern: 'web/src/app', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                    fileInternalPath: '!index.ts',
                  },
                },
              },
              message:
                "A feature uses another feature only through its public entry: import from 'features/{{ to.element.captured.feature }}' (its index.ts), not from its files.",
            },
            {
              from: { element: { type: 'app' } },
              disallow: { to: { element: { type: 'feature', fileInternalPath: '!index.ts' } } },
              message:
                "The app uses a feature only through its public entry: import from 'features/{{ to.element.captured.feature }}' (its index.ts).",
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { type: ['feature', 'app'] } } },
              message: 'Shared parts (components, lib) depend on no feature and not on the app: move what they need into a shared folder.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'app' } } },
              message: 'A feature does not depend on the app (routes, layouts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Each feature's query keys come from its factory (api/query-keys.ts), so every query and
    // invalidation of a key agree; a key written by hand elsewhere would drift from it.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/features/*/api/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Take the query key from the feature's factory (api/query-keys.ts), e.g. runKeys.detail(projectId, runId).",
        },
        {
          selector: 'CallExpression[callee.property.name=/^(get|set|ensure)QueryData$/] > ArrayExpression.arguments',
          message: "Take the query key from the feature's factory (api/query-keys.ts), e.g. runKeys.detail(projectId, runId).",
        },
      ],
    },
  },
  {
    // Plain JavaScript (configs, the bin wrapper, child scripts) is not in a tsconfig.
    files: ['**/*.{js,cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { parserOptions: { projectService: false }, globals: { ...globals.node } },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
);
