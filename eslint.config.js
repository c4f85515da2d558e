import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { lecternPlugin } from './eslint-rules/resource-route-response.js'

const SERVER_DEFAULT_IMPORTS = {
  group: ['~/models/*', '~/services/*', '~/db/*'],
  importNames: ['default'],
  message: 'Server modules export named functions.',
}
// ARCHITECTURE decision 22, docs/decisions/0015-layers-without-cycles.md: imports go one way,
// routes → services → models → (jobs, platform) → db and lib. Each zone: files in `target` may not
// import from `from` (type-only imports included).
const UI_AND_ROUTES = [
  './app/routes',
  './app/root.tsx',
  './app/entry.server.tsx',
  './app/entry.client.tsx',
  './app/components',
  './app/auth',
]
const LAYER_ZONES = [
  {
    target: './app/services',
    from: ['./app/routes', './app/root.tsx'],
    message: 'Services never import routes: move the shared piece into the service, or pass it in.',
  },
  {
    target: './app/models',
    from: ['./app/services', ...UI_AND_ROUTES],
    message:
      'Models never import services or routes: move the low piece down (app/jobs, app/platform, app/lib) or let the caller call the service after the model.',
  },
  {
    target: ['./app/jobs', './app/platform'],
    from: ['./app/models', './app/services', ...UI_AND_ROUTES],
    message: 'app/jobs and app/platform sit below the models: they import only db, lib and config.',
  },
  {
    target: './app/db',
    from: ['./app/models', './app/services', './app/jobs', './app/platform', ...UI_AND_ROUTES],
    message: 'The database layer is the bottom: it imports only lib and config.',
  },
  {
    target: './app/lib',
    from: ['./app/models', './app/services', './app/jobs', './app/platform', ...UI_AND_ROUTES],
    message: 'app/lib holds pure rules: it imports no models, services, jobs or UI.',
  },
]
const READ_BODY_MESSAGE =
  'Read request bodies with readForm/readJson from ~/services/request-body.server (content type, size limit, control characters → 4xx).'

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'build-*/**',
      'test-results*/**',
      'node_modules/**',
      'data/**',
      'tests/.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { react: { version: '18.3' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'react/jsx-key': 'error',
      // Scrollable regions and code blocks must be focusable so keyboard users can scroll them (WCAG 2.1.1).
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: ['pre'], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: [SERVER_DEFAULT_IMPORTS] }],
    },
  },
  {
    // ARCHITECTURE decision 18: request bodies are read only through app/services/request-body.server.ts.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/services/request-body.server.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['name', 'property.name', 'callee.object.name'].map((path) => ({
          selector: `CallExpression[callee.property.name=/^(formData|json|text|arrayBuffer|blob)$/][callee.object.${path}=/^(request|req)$/]`,
          message: READ_BODY_MESSAGE,
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [SERVER_DEFAULT_IMPORTS],
          paths: [
            {
              name: '@remix-run/node',
              importNames: [
                'unstable_parseMultipartFormData',
                'unstable_createMemoryUploadHandler',
                'unstable_createFileUploadHandler',
              ],
              message: READ_BODY_MESSAGE,
            },
            {
              // Issue 20 item 5: a redirect after a successful save must clear the earlier errors.
              name: '@conform-to/react',
              importNames: ['useForm'],
              message: 'Use useServerForm from ~/components/use-server-form (shows what the latest response says).',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles (ARCHITECTURE decision 22) and one direction between the layers. no-cycle
    // follows runtime imports only (a type-only import vanishes when compiled); the layer zones
    // also refuse type-only imports across layers (docs/decisions/0015-layers-without-cycles.md).
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The dependencies no-cycle walks are parsed as TypeScript, and `~/` resolves through tsconfig paths.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
    },
  },
  {
    // Route modules (flat files and folder route.tsx) without a component must answer with a Response.
    files: ['app/routes/*.{ts,tsx}', 'app/routes/*/route.{ts,tsx}'],
    plugins: { lectern: lecternPlugin },
    rules: { 'lectern/resource-route-response': 'error' },
  },
)
