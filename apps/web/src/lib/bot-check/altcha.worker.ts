/// <reference lib="webworker" />
import type { Challenge } from 'altcha-lib';
import { solveAltchaHere } from './altcha-solve';

/** The altcha solver off the main thread: receives {challenge, timeoutMs}, answers {solution} or {error}. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage: (message: unknown) => void;
};

scope.onmessage = (event: MessageEvent<{ challenge: Challenge; timeoutMs: number }>) => {
  const { challenge, timeoutMs } = event.data;
  solveAltchaHere(challenge, timeoutMs).then(
    (solution) => scope.postMessage({ solution }),
    (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
};
