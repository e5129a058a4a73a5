import { slideImageSources } from './slide-images';

describe('slide image sources', () => {
  it('offers the site’s image at 800 and 1600 wide, replacing the width it was stored with', () => {
    expect(slideImageSources('/media/slides/test-motors-1.jpg?w=1600')).toEqual({
      src: '/media/slides/test-motors-1.jpg?w=1600',
      srcSet: '/media/slides/test-motors-1.jpg?w=800 800w, /media/slides/test-motors-1.jpg?w=1600 1600w',
    });
  });

  it('keeps the other parameters of the address', () => {
    expect(slideImageSources('/media/slides/a.jpg?q=90&w=400').srcSet).toBe(
      '/media/slides/a.jpg?q=90&w=800 800w, /media/slides/a.jpg?q=90&w=1600 1600w',
    );
  });

  it('shows an image on another host at its own address: that host’s sizes are not the media service’s', () => {
    expect(slideImageSources('https://images.example.com/slides/a.jpg')).toEqual({
      src: 'https://images.example.com/slides/a.jpg',
      srcSet: '',
    });
  });
});
