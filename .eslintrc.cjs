/* eslint-env node */
const fs = require('node:fs');
const path = require('node:path');

const featuresDir = path.join(__dirname, 'src/features');
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((name) => fs.statSync(path.join(featuresDir, name)).isDirectory())
  : [];

/**
 * Imports flow one way: components, i18n, config, api → features → app.
 * A feature may use another feature only through that feature's index.ts (its public face);
 * features refresh each other's data through cache tags, not imports.
 */
const layerZones = [
  ...['components', 'i18n', 'config', 'api'].map((lower) => ({
    target: `./src/${lower}`,
    from: ['./src/features', './src/app'],
    message: `src/${lower} is a lower layer: it must not import features or app.`,
  })),
  {
    target: './src/features',
    from: './src/app',
    except: ['./hooks.ts', './store.ts'],
    message: 'Features must not import app composition (only the typed hooks and store types).',
  },
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./src/features/${feature}`,
        from: `./src/features/${other}`,
        except: ['./index.ts'],
        message: `Import ${other} only through src/features/${other}/index.ts.`,
      })),
  ),
];

/**
 * The server's floors (docs/architecture.md): imports only go down —
 * config, i18n, schemas → infra → http → domains → pages → app.ts, index.ts, worker.ts.
 * Domains use each other's modules directly; import/no-cycle keeps that graph acyclic.
 */
const SERVER_FLOORS = [
  { name: 'config, i18n and schemas', paths: ['./server/config', './server/i18n', './server/schemas'] },
  { name: 'infra', paths: ['./server/infra'] },
  { name: 'http', paths: ['./server/http'] },
  { name: 'domains', paths: ['./server/domains'] },
  { name: 'pages', paths: ['./server/pages'] },
  { name: 'the composition (app.ts, index.ts, worker.ts)', paths: ['./server/app.ts', './server/index.ts', './server/worker.ts'] },
];
const serverZones = SERVER_FLOORS.slice(0, -1).flatMap((floor, index) =>
  floor.paths.map((target) => ({
    target,
    from: SERVER_FLOORS.slice(index + 1).flatMap((higher) => higher.paths),
    message: `${target.slice(2)} is on the ${floor.name} floor: it must not import a higher floor (${SERVER_FLOORS.slice(index + 1)
      .map((higher) => higher.name)
      .join('; ')}).`,
  })),
);

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
  env: { browser: true, es2022: true, node: true },
  settings: {
    react: { version: 'detect' },
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'] } },
    'import/internal-regex': '^(src|server)/',
  },
  plugins: ['@typescript-eslint', 'react', 'react-hooks', 'jsx-a11y', 'import'],
  extends: [
    'eslint:recommended',
    'plugin:@typescript-eslint/recommended',
    'plugin:react/recommended',
    'plugin:react/jsx-runtime',
    'plugin:react-hooks/recommended',
    'plugin:jsx-a11y/recommended',
    'plugin:import/recommended',
    'plugin:import/typescript',
  ],
  ignorePatterns: ['node_modules/', 'dist/', 'data/', 'coverage/', 'test-results/', 'playwright-report/'],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    // TypeScript resolves every import (including package "exports" maps), so the import
    // plugin's resolver only has to follow relative paths for cycles and layer rules.
    'import/no-unresolved': 'off',
    'import/named': 'off',
    'import/no-cycle': ['error', { maxDepth: 10 }],
    'import/no-duplicates': 'off',
    'import/no-named-as-default-member': 'off',
    'import/order': [
      'error',
      {
        groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
        'newlines-between': 'always',
      },
    ],
    'import/no-restricted-paths': ['error', { zones: [...layerZones, ...serverZones] }],
    'react/prop-types': 'off',
    'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
  },
  overrides: [
    {
      // Every visible string in the SPA goes through react-intl messages.
      files: ['src/**/*.tsx'],
      rules: {
        'react/jsx-no-literals': [
          'error',
          { noStrings: true, ignoreProps: true, allowedStrings: ['·', '…', '/', '|', '-', '—', '×', '(', ')', ':', '%'] },
        ],
      },
    },
    {
      files: ['server/**', 'scripts/**', '__tests__/server/**', '__tests__/e2e/**', '*.config.*', '.eslintrc.cjs'],
      env: { browser: false, node: true },
      rules: { 'no-console': 'off' },
    },
    {
      // CommonJS files (configuration, CI helpers) load modules with require().
      files: ['*.cjs'],
      rules: { '@typescript-eslint/no-require-imports': 'off' },
    },
    {
      files: ['__tests__/**'],
      env: { jest: true },
      rules: { 'react/jsx-no-literals': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
    },
  ],
};
