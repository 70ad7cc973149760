import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Waits until no animation or transition of the page is running (endless ones, spinners, aside). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/**
 * Serious or critical WCAG 2.1 A/AA violations on the page once its animations have settled:
 * a notification fading in or out is briefly translucent, and axe would report its text's
 * contrast at that opacity; endless animations (spinners) are not waited for. axe collects
 * the details of violations only (`resultTypes`), not of every rule that passed.
 */
export async function violations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).options({ resultTypes: ['violations'] }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
