import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { fireEvent, screen } from '@testing-library/react';
import { testCar } from '../../../testing/test-car';
import { Gallery } from './gallery';

const SPUN = testCar({
  spin: {
    frames: Array.from({ length: 36 }, (_, i) => `/media/cars/x/spin/${i + 1}.jpg`),
    interior: null,
    hotspots: { exterior: [], interior: [] },
  },
});

describe('Gallery', () => {
  it('does not load the spin behind the Images tab until the shopper opens it', () => {
    renderWithPlatform(<Gallery car={SPUN} />, { tenant: testTenant({ vehicle: { galleryFirst: true } }) });
    // Hidden panels count too: a mounted viewer would be loading its frames.
    expect(screen.queryByRole('slider', { name: /360/, hidden: true })).not.toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Spin' }));
    expect(screen.getByRole('slider', { name: /360/ })).toHaveAttribute(
      'aria-valuetext',
      'Loading the 360° view, 0 of 36 pictures',
    );
  });

  it('loads the spin at once where it is the first view', () => {
    renderWithPlatform(<Gallery car={SPUN} />, { tenant: testTenant() });
    expect(screen.getByRole('slider', { name: /360/ })).toHaveAttribute(
      'aria-valuetext',
      'Loading the 360° view, 0 of 36 pictures',
    );
  });
});
