import { describe, expect, it } from 'vitest';
import { tradingSession } from './trading-session.ts';

// March 2026: Central is UTC−6 until Sunday the 8th, UTC−5 after.
const at = (iso: string) => tradingSession(new Date(iso));

describe('tradingSession (CBOT grain hours, Central time)', () => {
  it('trades in the day session and the overnight one, and not in the break or after the close', () => {
    expect(at('2026-03-03T14:30:00Z')).toEqual({ open: true, tradeDate: '2026-03-03' }); // Tue 08:30
    expect(at('2026-03-03T19:19:00Z')).toEqual({ open: true, tradeDate: '2026-03-03' }); // Tue 13:19
    expect(at('2026-03-03T19:20:00Z')).toEqual({ open: false, tradeDate: '2026-03-03' }); // Tue 13:20 close
    expect(at('2026-03-03T14:00:00Z')).toEqual({ open: false, tradeDate: '2026-03-03' }); // Tue 08:00 break
    expect(at('2026-03-03T13:44:00Z')).toEqual({ open: true, tradeDate: '2026-03-03' }); // Tue 07:44
    // The evening session trades the next day.
    expect(at('2026-03-04T01:00:00Z')).toEqual({ open: true, tradeDate: '2026-03-04' }); // Tue 19:00
    expect(at('2026-03-04T00:59:00Z')).toEqual({ open: false, tradeDate: '2026-03-03' }); // Tue 18:59
  });

  it('is closed from Friday afternoon to Sunday evening, which trades Monday', () => {
    expect(at('2026-03-07T01:30:00Z')).toEqual({ open: false, tradeDate: '2026-03-09' }); // Fri 19:30
    expect(at('2026-03-07T18:00:00Z')).toEqual({ open: false, tradeDate: '2026-03-09' }); // Sat noon
    expect(at('2026-03-08T23:00:00Z')).toEqual({ open: false, tradeDate: '2026-03-09' }); // Sun 18:00 CDT
    expect(at('2026-03-09T00:00:00Z')).toEqual({ open: true, tradeDate: '2026-03-09' }); // Sun 19:00 CDT
  });
});
