import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { dependencyRules } from './lint/dependency-rules.mjs';

export default tseslint.config(
  {
    ignores: ['dist/**', 'web/dist/**', 'apps/games/dist/**', 'node_modules/**', 'web/src/routeTree.gen.ts', 'coverage/**', '.tmp/**', '.stryker-tmp/**', 'reports/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The game app runs in the browser (apps/games/server is Node).
    files: ['apps/games/src/**/*.ts'],
    languageOptions: { globals: globals.browser },
  },
  ...dependencyRules,
);
