/**
 * Debian's Chromium as both Playwright configs launch it (CHROMIUM_PATH overrides the path):
 * headless, and without the background connections this machine's closed network refuses.
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
