import { existsSync, statfsSync } from 'node:fs';

/**
 * Debian's Chromium as both Playwright configs launch it: headless, and without the
 * background connections this machine's closed network refuses. Debian's old headless
 * shell (package chromium-headless-shell, the build Playwright itself runs headless) when it
 * is installed: the same engine without the browser's window machinery, about a fifth
 * faster over the suite than `chromium --headless`. CHROMIUM_PATH overrides the choice;
 * CHROMIUM_ARGS (space-separated) adds flags, for experiments (ADR 043).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Whether /dev/shm has room for the browser's shared memory (1 GB or more). Playwright
 * launches Chromium with --disable-dev-shm-usage, for containers whose /dev/shm is 64 MB:
 * the shared memory then lives in files under /tmp, which is a disk on these machines.
 * Where /dev/shm is roomy (a tmpfs of half the memory here) that flag is left out.
 */
function roomyDevShm(): boolean {
  try {
    const fs = statfsSync('/dev/shm');
    return fs.bavail * fs.bsize >= 1024 ** 3;
  } catch {
    return false;
  }
}

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  ignoreDefaultArgs: roomyDevShm() ? ['--disable-dev-shm-usage'] : [],
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...(process.env.CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
  ],
};
