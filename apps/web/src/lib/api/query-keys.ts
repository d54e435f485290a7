/** Query keys of the shell's calls; features keep theirs beside their calls under a key of their area. */
export const queryKeys = {
  bootstrap: ['shell', 'bootstrap'] as const,
  version: ['shell', 'version'] as const,
  partnerByIntent: (intent: string) => ['shell', 'partner-by-intent', intent] as const,
};
