import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, screen } from '@testing-library/react';
import { answerApi, locationsLoaded, restoreFetch } from '../../../lib/fake-api';
import { testLocation } from '../../../lib/test-location';
import LocatedAt from './located-at';

const sydney = testLocation({ primary: true, slug: 'test-motors-alexandria', address: { ...testLocation().address, city: 'Sydney', state: 'NSW' } });
const parramatta = testLocation({ id: 'l2', slug: 'test-motors-parramatta', address: { ...testLocation().address, street: '45 Church Street', city: 'Parramatta', state: 'NSW', postcode: '2150' } });

afterEach(() => {
  restoreFetch();
  sessionStorage.clear();
});

describe("'Located at {city}'", () => {
  it("shows for a car away from its dealership's primary city, with directions to the car's yard", async () => {
    answerApi({ locations: [sydney, parramatta] });
    renderWithPlatform(<LocatedAt carCity="Parramatta" dealershipSlug="test-motors" locationSlug="test-motors-parramatta" />);
    expect(await screen.findByText('Located at Parramatta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Directions' }).getAttribute('href')).toContain('45%20Church%20Street');
  });

  it('stays away for a car in the primary city', async () => {
    answerApi({ locations: [sydney, parramatta] });
    const { container } = renderWithPlatform(<LocatedAt carCity="Sydney" dealershipSlug="test-motors" />);
    await locationsLoaded();
    expect(container).toBeEmptyDOMElement();
  });

  it('goes when dismissed, and stays dismissed for the session', async () => {
    answerApi({ locations: [sydney, parramatta] });
    const first = renderWithPlatform(<LocatedAt carCity="Parramatta" dealershipSlug="test-motors" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss: Located at Parramatta' }));
    expect(screen.queryByText('Located at Parramatta')).not.toBeInTheDocument();
    first.unmount();
    const { container } = renderWithPlatform(<LocatedAt carCity="Parramatta" dealershipSlug="test-motors" />);
    await locationsLoaded();
    expect(container).toBeEmptyDOMElement();
  });
});
