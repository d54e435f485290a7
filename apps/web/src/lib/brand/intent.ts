import { matchRoute } from '@granary/domain';
import { readStorage, writeStorage } from '../browser/storage';

const INTENT_KEY = 'granary_partner_intent';

/**
 * The white-label 'intent' of the visit (grain-marketing.md 1): from the `intent` query parameter or an `:intent`
 * route parameter (e.g. /profit-center/partner/:intent), remembered for the tab.
 */
export function currentIntent(pathname: string, search: string): string | null {
  const fromQuery = new URLSearchParams(search).get('intent');
  const fromRoute = matchRoute(pathname)?.params['intent'];
  const intent = (fromQuery || fromRoute || '').trim();
  if (intent) {
    writeStorage(INTENT_KEY, intent, 'session');
    return intent;
  }
  return readStorage(INTENT_KEY, 'session');
}
