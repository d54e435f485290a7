// The built-in e-signature provider: no envelope anywhere else; the signer opens the app's signing page with the
// one-time token, reviews the generated PDF and signs there (esign.service signs and stamps the PDF).

import { BUILTIN_ESIGN_PROVIDER, signingPagePath, type EsignProvider } from '@granary/domain';

export const builtinProvider: EsignProvider = {
  name: BUILTIN_ESIGN_PROVIDER,
  async createEnvelope(input) {
    return {
      externalId: String(input.requestId),
      signingUrl: `${input.origin}${signingPagePath(BUILTIN_ESIGN_PROVIDER, input.token)}`,
    };
  },
  async voidEnvelope() {
    // Nothing to withdraw elsewhere: the request row's status is the envelope.
  },
};
