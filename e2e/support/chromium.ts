/**
 * How the specs' Chromium is started: Debian's build, headless, no sandbox, no background traffic; the partner vhosts
 * demo.localhost and prairie.localhost reach the test server on 127.0.0.1 (public-market, trading-flow).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-gpu',
    '--disable-component-update',
    '--no-first-run',
    '--host-resolver-rules=MAP demo.localhost 127.0.0.1, MAP prairie.localhost 127.0.0.1',
  ],
};
