import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { lecternPlugin } from './eslint-rules/resource-route-response.js'

const SERVER_DEFAULT_IMPORTS = {
  group: ['~/models/*', '~/services/*', '~/db/*'],
  importNames: ['default'],
  message: 'Server modules export named functions.',
}
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
          ],
        },
      ],
    },
  },
  {
    // Route modules (flat files and folder route.tsx) without a component must answer with a Response.
    files: ['app/routes/*.{ts,tsx}', 'app/routes/*/route.{ts,tsx}'],
    plugins: { lectern: lecternPlugin },
    rules: { 'lectern/resource-route-response': 'error' },
  },
)
