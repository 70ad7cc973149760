import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BffConfig } from '../config.js';

/**
 * `apps/`: the folder holding the BFF's, found upwards from wherever this code runs (its
 * sources, its compiled files, its bundle in `apps/bff/dist/` or a chunk the server apps
 * share in `dist/server-chunks/`, ADR 094): the first folder up whose `apps/bff` exists.
 */
export function findAppsDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps', 'bff'))) return path.join(dir, 'apps');
    if (path.dirname(dir) === dir) return path.join(process.cwd(), 'apps');
  }
}

const appsDir = findAppsDir(path.dirname(fileURLToPath(import.meta.url)));

/** Where the built storefront is (the workspace's by default); its server bundle is beside it, in `dist-ssr`. */
export const storefrontDist = (config: BffConfig) => config.STOREFRONT_DIST ?? path.join(appsDir, 'storefront/dist');

/** Where the built admin is. */
export const adminDist = (config: BffConfig) => config.ADMIN_DIST ?? path.join(appsDir, 'admin/dist');
