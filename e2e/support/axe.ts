import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on the page as it is now (or in the parts `include` selects), each as its
 * rule, its help and where. Only violations are gathered in full: the journeys read nothing else,
 * and with `resultTypes` axe keeps one example node of each passed or incomplete rule instead of
 * every node, a fifth less of the renderer's time per analysis on a car page (axe's analyses are
 * among the e2e run's costliest steps: 2 to 3 s each on an idle 2-core machine).
 */
export async function axeViolations(
  page: Page,
  options: { include?: string; seriousOnly?: boolean } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => !options.seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** axe's serious and critical violations: the bar every shopper and console page is held to. */
export const seriousAxeViolations = (page: Page, include?: string): Promise<string[]> =>
  axeViolations(page, { include, seriousOnly: true });
