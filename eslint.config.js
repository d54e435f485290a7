// ESLint and its plugins live in the tools/lint workspace (docs/decisions/027); the rules are there.
export { default } from './tools/lint/eslint.config.js';
