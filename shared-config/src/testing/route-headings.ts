import { screen } from '@testing-library/react';

export interface RouteHeadingCases {
  /** Renders the remote's routes at a URL (the team's own `renderAt`). */
  renderAt: (route: string) => unknown;
  /** URLs and the page heading (h1) each must show. */
  headings?: ReadonlyArray<readonly [string, string]>;
  /** Every pattern the remote declares in routes.json, with `:slug` filled in. */
  routes: readonly string[];
  slug?: string;
}

/**
 * The route contract every remote's routes test states once: each listed URL shows its heading,
 * and every path the remote claims in routes.json renders exactly one page heading.
 */
export function testRouteHeadings({ renderAt, headings = [], routes, slug = 'test-motors' }: RouteHeadingCases): void {
  if (headings.length > 0) {
    it.each(headings.map(([route, heading]) => [route, heading]))('%s shows its heading', (route, heading) => {
      renderAt(route);
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    });
  }
  it.each(routes.map((pattern) => [pattern, pattern.replace(':slug', slug)]))(
    '%s renders one page heading',
    (_pattern, route) => {
      renderAt(route);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    },
  );
}
