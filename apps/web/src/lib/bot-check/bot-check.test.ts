import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { solveAltchaHere } from './altcha-solve';
import { botCheckToken, encodeAltchaPayload, fetchBotCheckChallenge } from './bot-check';

const SECRET = 'test-secret';

function respond(status: number, body: unknown) {
  return vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('bot check', () => {
  it('treats a missing challenge route (404) or a failure as off', async () => {
    vi.stubGlobal('fetch', respond(404, { code: 'not_found', message: 'No route' }));
    expect(await fetchBotCheckChallenge('login_password')).toEqual({ mode: 'off', challenge: null });
    vi.stubGlobal('fetch', respond(200, { mode: 'off' }));
    expect(await botCheckToken('login_password')).toBeUndefined();
  });

  it('asks for the action’s challenge', async () => {
    const fetchMock = respond(200, { mode: 'off' });
    vi.stubGlobal('fetch', fetchMock);
    await fetchBotCheckChallenge('signup');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/auth/bot-check/challenge?action=signup');
  });

  it('solves an altcha v2 challenge into the payload the server verifies', async () => {
    const challenge: Challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 50,
      deriveKey,
      hmacSignatureSecret: SECRET,
      keyPrefix: '0',
    });
    vi.stubGlobal('fetch', respond(200, { mode: 'altcha', challenge }));
    const onSolving = vi.fn();
    // jsdom has no Worker: the main-thread solver runs, as in old browsers.
    const token = await botCheckToken('login_password', onSolving);
    expect(onSolving).toHaveBeenCalled();
    expect(token).toBeTruthy();
    const payload = JSON.parse(atob(token!)) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    expect(payload.challenge).toEqual({ parameters: challenge.parameters, signature: challenge.signature });
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: SECRET,
    });
    expect(result.verified).toBe(true);
  });

  it('gives up on algorithms a browser cannot run', async () => {
    const challenge = {
      parameters: { algorithm: 'ARGON2ID', nonce: 'aa', salt: 'bb', cost: 1, keyLength: 32, keyPrefix: '00' },
    } as Challenge;
    expect(await solveAltchaHere(challenge, 1000)).toBeNull();
  });

  it('encodes UTF-8 safely', () => {
    const challenge = {
      parameters: {
        algorithm: 'SHA-256',
        nonce: 'n',
        salt: 's',
        cost: 1,
        keyLength: 32,
        keyPrefix: '0',
        data: { name: 'Zoë' },
      },
    } as Challenge;
    const decoded = JSON.parse(
      new TextDecoder().decode(
        Uint8Array.from(atob(encodeAltchaPayload(challenge, { counter: 1, derivedKey: 'ab' })), (c) => c.charCodeAt(0)),
      ),
    );
    expect(decoded.challenge.parameters.data.name).toBe('Zoë');
    expect(decoded.challenge).not.toHaveProperty('signature');
  });
});
