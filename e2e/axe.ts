import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Axe's serious and critical findings on the page once its transitions have ended, each with the elements it names.
 * A colour check in the middle of a transition (just after switching to dark mode, say) reads colours between the two
 * themes; so finite animations are waited for first (a spinner's endless one is not). Legacy mode runs axe inside the
 * page in one call: the default mode opens a second blank page to combine frames' results, about a second per check,
 * and the portal has no frames from other origins. Only violations are reported back: the passing nodes' details
 * (unused here) were about 40 % of a check's time on a list page.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    await Promise.allSettled(finite.map((animation) => animation.finished));
  });
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
    );
}

/** The accessibility bar of every journey: axe finds no serious or critical violation on the page. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}
