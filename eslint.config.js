import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './scripts/eslint/featureBoundaries.js';
import { importCycles } from './scripts/eslint/importCycles.js';
import { messagesImported } from './scripts/eslint/messagesImported.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tsbuild/**', '.data/**', 'sdk/temp/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', crypto: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The Zapier app is CommonJS, as Zapier's platform requires.
    files: ['zapier/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The Zendesk app's script is served to Zendesk's iframe as it is: a classic browser script, no build.
    files: ['zendesk-app/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly', BroadcastChannel: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', btoa: 'readonly', TextEncoder: 'readonly', URLSearchParams: 'readonly' },
    },
  },
  {
    // The Freshdesk app's script, likewise served as it is by Freshworks, with the FDK's `app` global.
    files: ['freshdesk-app/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { app: 'readonly', document: 'readonly', setInterval: 'readonly' } },
  },
  {
    // Migrations are frozen in time and take Kysely<any>, never the app's schema types.
    files: ['api/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The API is the only place that reads process.env, and only through its config module.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/config.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through api/src/config.ts' }] },
  },
  {
    // The API's modules load one another one way only: no import circle (api/README.md, "Layers").
    files: ['api/src/**/*.ts'],
    plugins: { api: { rules: { 'import-cycles': importCycles } } },
    rules: { 'api/import-cycles': ['error', { root: 'api/src' }] },
  },
  {
    // Core never imports an integration, not even a type: it owns the interfaces (outbox events, hooks on the
    // context) and the composition root, wiring.ts, plugs the integrations in (api/README.md, "Layers").
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/integrations/**', 'api/src/wiring.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/integrations/**'], message: 'Core does not import integrations/: expose a hook or an event in core and plug the integration in at api/src/wiring.ts.' }] }],
    },
  },
  {
    // Boundaries: nothing imports the api; the sdk imports only preact, types from the contract and its schema-free
    // locales.ts (the language list and matching, shared with the recorder).
    files: ['dashboard/**/*.{ts,tsx}', 'recorder/**/*.{ts,tsx}', 'sdk/**/*.{ts,tsx}', 'contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/api/src/**', '@showback/api'], message: 'Clients talk to the API over HTTP; share types through contract/.' }] }] },
  },
  {
    // A module naming a message key imports that key's section, so each page loads only its own strings.
    files: ['dashboard/src/**/*.{ts,tsx}'],
    ignores: ['dashboard/src/messages/**'],
    plugins: { messages: { rules: { imported: messagesImported } } },
    rules: { 'messages/imported': 'error' },
  },
  {
    // Dashboard features import shared parts (app/, ui/, messages/), never each other's inner modules.
    files: ['dashboard/src/features/**/*.{ts,tsx}'],
    plugins: { dashboard: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'dashboard/feature-boundaries': [
        'error',
        {
          // Modules a feature publishes for others to compose (a page section, its API client, the signed-in user).
          published: [
            'account/useSaveAction.ts',
            'attribution/attribution.ts',
            'auth/NewPasswordFields.tsx',
            'auth/NotAllowed.tsx',
            'auth/PasswordField.tsx',
            'auth/authApi.ts',
            'auth/chosenPlan.ts',
            'auth/formError.ts',
            'auth/usePermission.ts',
            'auth/useSignOut.ts',
            'auth/useUserAfterHydration.ts',
            'auth/userAtom.ts',
            'billing/BillingSection.tsx',
            'chat/ChatComposer.tsx',
            'chat/ChatMessages.tsx',
            'chat/chatApi.ts',
            'chat/useChatEvents.ts',
            'integrations/DeliveryTable.tsx',
            'integrations/jiraApi.ts',
            'integrations/linearApi.ts',
            'integrations/githubApi.ts',
            'integrations/NewRecordingEmailToggle.tsx',
            'recordings/comments/CommentsPanel.tsx',
            'recordings/comments/useDiscussion.tsx',
            'recordings/RecordingReview.tsx',
            'recordings/SubmissionList.tsx',
            'recordings/recordingSource.ts',
            'recordings/submissionsApi.ts',
            'requests/requestsApi.ts',
            'requests/sanitizeInstructions.ts',
            'sharing/ShareDialog.tsx',
            'sharing/sharingApi.ts',
            'support/Helpdesk.module.css',
            'support/supportApi.ts',
            'team/teamApi.ts',
          ],
        },
      ],
    },
  },
);
