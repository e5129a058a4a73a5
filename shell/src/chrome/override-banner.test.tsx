import { fireEvent, screen } from '@testing-library/react';
import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { OverrideBanner, type ActiveOverride } from './override-banner';

const override: ActiveOverride = {
  remotes: [{ team: 'mf-search', entry: 'http://localhost:3001/remoteEntry.js', pinned: '1.1.0' }],
  expiresAt: '2030-01-01T00:00:00.000Z',
  clearUrl: '/_dev/override/clear',
};

it('names the overridden team and where it loads from, in a labelled region', () => {
  renderWithPlatform(<OverrideBanner override={override} />);
  const banner = screen.getByRole('region', {
    name: 'Developer override: mf-search from http://localhost:3001/remoteEntry.js',
  });
  expect(banner).toHaveTextContent('Only this browser loads it; shoppers get mf-search 1.1.0.');
});

it('lists every overridden team', () => {
  renderWithPlatform(
    <OverrideBanner
      override={{
        ...override,
        remotes: [...override.remotes, { team: 'mf-finance', entry: 'http://localhost:3003/remoteEntry.js' }],
      }}
    />,
  );
  expect(
    screen.getByRole('region', {
      name: /^Developer override: mf-search from \S+ ?; mf-finance from http:\/\/localhost:3003\/remoteEntry\.js$/,
    }),
  ).toBeInTheDocument();
});

it('clears with a plain form post that comes back to the current address', () => {
  renderWithPlatform(<OverrideBanner override={override} />);
  const button = screen.getByRole('button', { name: 'Clear override' });
  const form = button.closest('form');
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', '/_dev/override/clear');
  history.pushState(null, '', '/finance?term=48');
  // jsdom does not submit forms; the submit handler still runs.
  form?.addEventListener('submit', (event) => event.preventDefault());
  fireEvent.submit(form as HTMLFormElement);
  expect(form?.querySelector<HTMLInputElement>('input[name="return"]')?.value).toBe('/finance?term=48');
});
