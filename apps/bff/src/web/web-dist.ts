import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BffConfig } from '../config.js';

/** `apps/`: the folder holding the BFF's, wherever in the BFF this code runs from (its sources, its compiled files, or its one-file bundle in `dist/`). */
const appsDir = path.dirname(fileURLToPath(import.meta.url)).replace(/[\\/]bff[\\/](dist|src)([\\/].*)?$/, '');

/** Where the built storefront is (the workspace's by default); its server bundle is beside it, in `dist-ssr`. */
export const storefrontDist = (config: BffConfig) => config.STOREFRONT_DIST ?? path.join(appsDir, 'storefront/dist');

/** Where the built admin is. */
export const adminDist = (config: BffConfig) => config.ADMIN_DIST ?? path.join(appsDir, 'admin/dist');
