import { describe, expect, it } from 'vitest';
import { SUPPORTED_BROWSERS, compareVersions, isSupportedBrowser } from './browser.ts';

// Real user-agent strings.
const UA = {
  chrome120Win:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  chrome106Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/106.0.0.0 Safari/537.36',
  chrome105Win:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/105.0.5195.127 Safari/537.36',
  chrome79Win:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.130 Safari/537.36',
  chromium105Linux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/105.0.5195.102 Chrome/105.0.5195.102 Safari/537.36',
  edge120:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  edgeLegacy18:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  firefox121: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  firefox105: 'Mozilla/5.0 (X11; Linux x86_64; rv:105.0) Gecko/20100101 Firefox/105.0',
  firefox104: 'Mozilla/5.0 (X11; Linux x86_64; rv:104.0) Gecko/20100101 Firefox/104.0',
  safari17:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  safari156:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Safari/605.1.15',
  safari155:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.5 Safari/605.1.15',
  safari14:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0.3 Safari/605.1.15',
  iosSafari17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  iosSafari14:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 14_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Mobile/15E148 Safari/604.1',
  iosSafari13:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 13_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Mobile/15E148 Safari/604.1',
  iosChrome17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0.6045.109 Mobile/15E148 Safari/604.1',
  iPadChromeIos13:
    'Mozilla/5.0 (iPad; CPU OS 13_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/80.0.3987.95 Mobile/15E148 Safari/604.1',
  androidChrome120:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  androidChrome107:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/107.0.0.0 Mobile Safari/537.36',
  androidChrome106:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/106.0.0.0 Mobile Safari/537.36',
  samsung21:
    'Mozilla/5.0 (Linux; Android 13; SM-S908B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/21.0 Chrome/110.0.5481.154 Mobile Safari/537.36',
  samsung17:
    'Mozilla/5.0 (Linux; Android 12; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/17.0 Chrome/96.0.4664.104 Mobile Safari/537.36',
  opera106:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
  opera90:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/104.0.5112.102 Safari/537.36 OPR/90.0.4480.84',
  operaMobile79:
    'Mozilla/5.0 (Linux; Android 10; VOG-L29) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 OPR/79.0.4195.76423',
  uc13_4:
    'Mozilla/5.0 (Linux; U; Android 10; en-US; RMX2020 Build/QP1A.190711.020) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36',
  uc12: 'Mozilla/5.0 (Linux; U; Android 9; en-US; SM-J730F Build/PPR1.180610.011) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/57.0.2987.108 UCBrowser/12.13.2.1208 Mobile Safari/537.36',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  curl: 'curl/8.4.0',
  garbage: 'SomethingNobodyKnows/0.1',
  unknownBot: 'Mozilla/5.0 (compatible; GrainPriceCrawler/1.2; +https://crawler.example.com/bot.html)',
};

describe('isSupportedBrowser', () => {
  it.each([
    ['new Chrome', UA.chrome120Win],
    ['Chrome 106 exactly', UA.chrome106Mac],
    ['new Edge', UA.edge120],
    ['new Firefox', UA.firefox121],
    ['Firefox 105 exactly', UA.firefox105],
    ['new Safari', UA.safari17],
    ['Safari 15.6 exactly', UA.safari156],
    ['new iOS Safari', UA.iosSafari17],
    ['iOS 14 exactly', UA.iosSafari14],
    ['Chrome on iOS 17', UA.iosChrome17],
    ['new Android Chrome', UA.androidChrome120],
    ['Android Chrome 107 exactly', UA.androidChrome107],
    ['new Samsung Browser', UA.samsung21],
    ['new Opera', UA.opera106],
    ['UC 13.4 (whose UA also says Version/4.0)', UA.uc13_4],
    ['Opera Mobile (not listed)', UA.operaMobile79],
  ])('supports %s', (_, ua) => {
    expect(isSupportedBrowser(ua)).toBe(true);
  });

  it.each([
    ['old Chrome', UA.chrome79Win],
    ['Chrome 105', UA.chrome105Win],
    ['Chromium 105', UA.chromium105Linux],
    ['legacy Edge 18', UA.edgeLegacy18],
    ['Firefox 104', UA.firefox104],
    ['Safari 15.5', UA.safari155],
    ['old Safari 14', UA.safari14],
    ['iOS 13 Safari', UA.iosSafari13],
    ['Chrome on iOS 13 (judged by iOS, not Chrome 80)', UA.iPadChromeIos13],
    ['Android Chrome 106 (desktop Chrome 106 would pass)', UA.androidChrome106],
    ['Samsung Browser 17', UA.samsung17],
    ['Opera 90', UA.opera90],
    ['UC 12', UA.uc12],
    ['Internet Explorer 11', UA.ie11],
  ])('does not support %s', (_, ua) => {
    expect(isSupportedBrowser(ua)).toBe(false);
  });

  it.each([
    ['Googlebot', UA.googlebot],
    ['Bingbot', UA.bingbot],
    ['curl', UA.curl],
    ['an unknown agent', UA.garbage],
    ['an unknown bot', UA.unknownBot],
    ['an empty user agent', ''],
  ])('never nags what it cannot identify: %s', (_, ua) => {
    expect(isSupportedBrowser(ua)).toBe(true);
  });

  it('lists the minimum versions of the spec', () => {
    const min = Object.fromEntries(SUPPORTED_BROWSERS.map((r) => [r.label, r.minVersion]));
    expect(min).toMatchObject({
      Edge: '106',
      Chrome: '106',
      Firefox: '105',
      Safari: '15.6',
      iOS: '14',
      'Android Chrome': '107',
      Opera: '91',
      'Samsung Browser': '18',
      'UC Browser': '13.4',
    });
  });
});

describe('compareVersions', () => {
  it('compares numerically part by part', () => {
    expect(compareVersions('15.10', '15.6')).toBe(1);
    expect(compareVersions('15.6', '15.6.0')).toBe(0);
    expect(compareVersions('13.4.0.1306', '13.4')).toBe(1);
    expect(compareVersions('106.0.0.0', '107')).toBe(-1);
    expect(compareVersions('14_0', '14')).toBe(0);
  });
});
