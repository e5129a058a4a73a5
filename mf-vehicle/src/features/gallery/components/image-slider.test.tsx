import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Slide } from '../lib/gallery';
import { ImageSlider } from './image-slider';

const SLIDES: Slide[] = [
  { kind: 'image', src: '/media/cars/x/1.jpg', thumb: '/media/cars/x/1.jpg' },
  { kind: 'image', src: '/media/cars/x/2.jpg', thumb: '/media/cars/x/2.jpg' },
];

describe('ImageSlider', () => {
  it('opens the photos full screen in a dialog (its code loaded on the first opening), and closes back to its button', async () => {
    renderWithPlatform(
      <ImageSlider name="2024 Mazda CX-5" slides={SLIDES} inStock index={1} onIndexChange={() => undefined} />,
    );
    const opener = screen.getByRole('button', { name: 'Full screen' });
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Photos of the 2024 Mazda CX-5' });
    expect(within(dialog).getByText('2 / 2')).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
