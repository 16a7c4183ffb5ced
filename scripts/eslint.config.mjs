// ESLint flat config for the page agent. scripts/lint-js copies it next to the installed
// packages (target/js-lint/) and lints the concatenation of src/browser/agent/*.js there,
// which is exactly the one script Glass evaluates in a page's isolated world.
import js from '@eslint/js';
import globals from 'globals';

export default [
  js.configs.recommended,
  {
    files: ['agent.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'script',
      // A page's window (an isolated world has the same DOM globals); no Node, no modules.
      globals: { ...globals.browser },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      'no-undef': 'error',
      // `catch (_)`: the agent swallows expected DOM exceptions by design; `_` names them unused.
      'no-unused-vars': ['error', { args: 'after-used', caughtErrors: 'all', caughtErrorsIgnorePattern: '^_$' }],
      'no-redeclare': 'error',
      'no-unreachable': 'error',
      'no-dupe-keys': 'error',
      'no-shadow-restricted-names': 'error',
      'no-constant-condition': 'error',
    },
  },
];
