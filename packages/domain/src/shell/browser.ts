// Supported browsers (grain-marketing.md 5, platform.md 5.8) and the unsupported-browser notice.
import Bowser from 'bowser';

export type SupportedBrowserRule = {
  /** What the notice can name. */
  label: string;
  /** Judged by the OS version instead of the browser version (every iOS browser is Safari's engine). */
  os?: 'iOS' | 'Android';
  /** Bowser browser names this rule covers; absent for an OS-wide rule. */
  browsers?: readonly string[];
  /** Only where the browser runs on this kind of device (Opera's desktop numbering is not Opera Mobile's). */
  desktopOnly?: boolean;
  /** The minimum version; null for a browser that no version of can run the app. */
  minVersion: string | null;
};

/**
 * Section 5: Edge/Chrome 106+, Firefox 105+, Safari 15.6+, iOS 14+, Android Chrome 107+, Opera 91+,
 * Samsung Browser 18+, UC 13.4+. Rules are tried in order; the first that covers the browser decides.
 * Decisions: on iOS every browser (Safari, Chrome, Firefox…) is judged by the iOS version; Chromium
 * counts as Chrome; the Opera rule applies to desktop Opera only (Opera Mobile's version numbers are
 * far lower, and the list does not name it), so Opera Mobile, like any unlisted browser, passes.
 * Internet Explorer is identifiable and can never run the app (React 19 dropped it), so it is
 * unsupported at every version.
 */
export const SUPPORTED_BROWSERS: readonly SupportedBrowserRule[] = [
  { label: 'iOS', os: 'iOS', minVersion: '14' },
  { label: 'Samsung Browser', browsers: ['Samsung Internet for Android'], minVersion: '18' },
  { label: 'UC Browser', browsers: ['UC Browser'], minVersion: '13.4' },
  { label: 'Android Chrome', os: 'Android', browsers: ['Chrome', 'Chromium'], minVersion: '107' },
  { label: 'Opera', browsers: ['Opera'], desktopOnly: true, minVersion: '91' },
  { label: 'Edge', browsers: ['Microsoft Edge'], minVersion: '106' },
  { label: 'Chrome', browsers: ['Chrome', 'Chromium'], minVersion: '106' },
  { label: 'Firefox', browsers: ['Firefox'], minVersion: '105' },
  { label: 'Safari', browsers: ['Safari'], minVersion: '15.6' },
  { label: 'Internet Explorer', browsers: ['Internet Explorer'], minVersion: null },
];

/** Compares dotted numeric versions: -1, 0 or 1 ('15.10' > '15.6'; missing parts count as 0). */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const pa = a.split(/[._]/).map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split(/[._]/).map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x > y ? 1 : -1;
  }
  return 0;
}

// Bowser reads some browsers' version from the generic 'Version/4.0' token of Android webviews
// (UC Browser, some Samsung builds): read their own token first.
const OWN_VERSION_TOKENS: Readonly<Record<string, RegExp>> = {
  'UC Browser': /UCBrowser\/(\d+(?:\.\d+)*)/i,
  'Samsung Internet for Android': /SamsungBrowser\/(\d+(?:\.\d+)*)/i,
};

/**
 * Whether the browser meets SUPPORTED_BROWSERS. Anything we cannot identify — an empty user agent,
 * bots, curl, unlisted browsers, a browser without a version — counts as supported: never nag what
 * we can't identify.
 */
export function isSupportedBrowser(userAgent: string): boolean {
  if (userAgent.trim() === '') return true;
  let parser: ReturnType<typeof Bowser.getParser>;
  try {
    parser = Bowser.getParser(userAgent);
  } catch {
    return true;
  }
  const name = parser.getBrowserName();
  const osName = parser.getOSName();
  const platform = parser.getPlatformType(true);
  if (platform === 'bot') return true;

  for (const rule of SUPPORTED_BROWSERS) {
    if (rule.os !== undefined && rule.os !== osName) continue;
    if (rule.browsers !== undefined && !rule.browsers.includes(name)) continue;
    if (rule.desktopOnly && platform !== 'desktop') continue;
    if (rule.minVersion === null) return false;
    const version =
      rule.browsers === undefined
        ? parser.getOSVersion()
        : (OWN_VERSION_TOKENS[name]?.exec(userAgent)?.[1] ?? parser.getBrowserVersion());
    if (!version || !/^\d/.test(version)) return true;
    return compareVersions(version, rule.minVersion) >= 0;
  }
  return true;
}
