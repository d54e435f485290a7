import { useCallback, useState } from 'react';
import { botCheckToken, type BotCheckAction } from './bot-check';

/**
 * The bot check of a form: `run()` fetches the action's challenge and solves it (altcha) right before the form is
 * sent; `verifying` is true while the proof of work runs, for the "Verifying you are human…" state.
 */
export function useBotCheck(action: BotCheckAction): { run: () => Promise<string | undefined>; verifying: boolean } {
  const [verifying, setVerifying] = useState(false);
  const run = useCallback(async () => {
    try {
      return await botCheckToken(action, () => setVerifying(true));
    } finally {
      setVerifying(false);
    }
  }, [action]);
  return { run, verifying };
}
