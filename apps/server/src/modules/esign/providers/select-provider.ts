// Which e-signature provider the server uses: ESIGN_PROVIDER names it ('builtin' when unset). A third-party
// provider is one more EsignProvider here (its envelope, its webhook), the rest of the flow stays as it is.

import { BUILTIN_ESIGN_PROVIDER, type EsignProvider } from '@granary/domain';
import { builtinProvider } from './builtin.ts';

const PROVIDERS: Readonly<Record<string, EsignProvider>> = { [BUILTIN_ESIGN_PROVIDER]: builtinProvider };

/** The provider ESIGN_PROVIDER names (env.ts); an unknown name stops the server at start. */
export function esignProviderFromEnv(name: string | undefined): EsignProvider {
  const key = name ?? BUILTIN_ESIGN_PROVIDER;
  const provider = Object.hasOwn(PROVIDERS, key) ? PROVIDERS[key] : undefined;
  if (!provider) throw new Error(`Invalid environment:\n  ESIGN_PROVIDER: one of ${Object.keys(PROVIDERS).join(', ')}`);
  return provider;
}
