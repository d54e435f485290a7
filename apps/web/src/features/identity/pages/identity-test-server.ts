import { vi } from 'vitest';
import { stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { fakeBootstrap } from '../../../test/fixtures';

/** The anonymous bootstrap the identity pages are opened with. */
function anonymous(): StubReply {
  const { failed: _failed, ...bootstrap } = fakeBootstrap('anonymous');
  return { status: 200, body: bootstrap };
}

/** The identity pages' test server: `route` answers first, then the anonymous bootstrap, else the API's 404. */
export function serveAnonymous(route: (call: StubCall) => StubReply | undefined = () => undefined): StubCall[] {
  return stubFetch((call) => route(call) ?? (call.url.pathname === '/api/bootstrap' ? anonymous() : undefined));
}

/** Like serveAnonymous, but the call to `path` is answered `reply` only once `release()` is called. */
export function serveHeld(path: string, reply: StubReply): { release: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://x',
      );
      if (url.pathname === path) await held;
      const answer =
        url.pathname === path
          ? reply
          : url.pathname === '/api/bootstrap'
            ? anonymous()
            : { status: 404, body: { code: 'not_found', message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { release };
}
