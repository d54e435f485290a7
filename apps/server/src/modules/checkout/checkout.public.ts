// What other modules may use of checkout (DESIGN.md, Conventions 11): the card provider adapter (decision 021), which
// billing uses to save a farm business's cards and bank accounts (issue 17, decision 056).
export { cardProviderFromEnv, type CardProvider } from './payment.adapter.ts';
