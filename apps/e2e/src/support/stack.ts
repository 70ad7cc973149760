import { test } from '@playwright/test';

/**
 * The shop a test runs against. Each Playwright project (desktop, phone) has a whole shop
 * of its own, started by playwright.config.ts on its own ports and data folder, so the two
 * projects run side by side without seeing each other's orders, carts or figures. Its
 * addresses beside the storefront (`baseURL`) travel in the project's metadata.
 */
interface ShopMetadata {
  /** The BFF's ops port: readiness and the detailed health report. */
  readonly opsUrl: string;
  /** The PhonePe sandbox this shop pays through: its API and payment page. */
  readonly sandboxUrl: string;
}

const shop = (): ShopMetadata => test.info().project.metadata as ShopMetadata;

/** The PhonePe sandbox of the running test's shop. */
export const sandboxUrl = (): string => shop().sandboxUrl;

/** The ops address of the running test's shop. */
export const opsUrl = (): string => shop().opsUrl;
