import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { answerApi, restoreFetch } from '../../../testing/fake-api';
import { testLocation } from '../../../lib/test-location';
import LocatedAt from './located-at';

const sydney = testLocation({
  primary: true,
  slug: 'test-motors-alexandria',
  address: { ...testLocation().address, city: 'Sydney', state: 'NSW' },
});
const parramatta = testLocation({
  id: 'l2',
  slug: 'test-motors-parramatta',
  address: {
    ...testLocation().address,
    street: '45 Church Street',
    city: 'Parramatta',
    state: 'NSW',
    postcode: '2150',
  },
});

/**
 * Renders the bar under test, and waits until the site's locations are in and drawn: the bar
 * draws nothing while they load, too. A bar that does show (a car in another city, in the same
 * page and fed by the same request) says so, so an empty bar under test is its decision.
 */
async function renderSettled(bar: ReactElement): Promise<HTMLElement> {
  renderWithPlatform(
    <>
      <div data-testid="bar-under-test">{bar}</div>
      <LocatedAt carCity="Blacktown" dealershipSlug="test-motors" />
    </>,
  );
  await screen.findByText('Located at Blacktown');
  return screen.getByTestId('bar-under-test');
}

afterEach(() => {
  restoreFetch();
  sessionStorage.clear();
});

describe("'Located at {city}'", () => {
  it("shows for a car away from its dealership's primary city, with directions to the car's yard", async () => {
    answerApi({ locations: [sydney, parramatta] });
    renderWithPlatform(
      <LocatedAt carCity="Parramatta" dealershipSlug="test-motors" locationSlug="test-motors-parramatta" />,
    );
    expect(await screen.findByText('Located at Parramatta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Directions' }).getAttribute('href')).toContain('45%20Church%20Street');
  });

  it('stays away for a car in the primary city', async () => {
    answerApi({ locations: [sydney, parramatta] });
    expect(await renderSettled(<LocatedAt carCity="Sydney" dealershipSlug="test-motors" />)).toBeEmptyDOMElement();
  });

  it('goes when dismissed, and stays dismissed for the session', async () => {
    answerApi({ locations: [sydney, parramatta] });
    const first = renderWithPlatform(<LocatedAt carCity="Parramatta" dealershipSlug="test-motors" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss: Located at Parramatta' }));
    expect(screen.queryByText('Located at Parramatta')).not.toBeInTheDocument();
    first.unmount();
    expect(await renderSettled(<LocatedAt carCity="Parramatta" dealershipSlug="test-motors" />)).toBeEmptyDOMElement();
  });
});
