import { mediaAt, mediaSources } from './media';

describe('mediaAt', () => {
  it('asks the media service for the width, keeping the quality the address names', () => {
    expect(mediaAt('/media/cars/a/1.jpg?q=70&w=1200', 400)).toBe('/media/cars/a/1.jpg?q=70&w=400');
  });

  it('drops a height the address names: the service draws the width in its own shape', () => {
    expect(mediaAt('/media/cars/a/1.jpg?w=1200&h=800', 600)).toBe('/media/cars/a/1.jpg?w=600');
  });

  it('gives a partner’s image address back as it is', () => {
    expect(mediaAt('https://images.example.com/car.jpg?w=1200', 400)).toBe('https://images.example.com/car.jpg?w=1200');
  });
});

describe('mediaSources', () => {
  it('offers each width to the browser, with the fallback width as src', () => {
    expect(mediaSources('/media/cars/a/1.jpg?w=1200', [300, 600], 400)).toEqual({
      src: '/media/cars/a/1.jpg?w=400',
      srcSet: '/media/cars/a/1.jpg?w=300 300w, /media/cars/a/1.jpg?w=600 600w',
    });
  });

  it('has nothing for no picture, or one that is not the media service’s', () => {
    expect([mediaSources(null, [300], 300), mediaSources('https://images.example.com/car.jpg', [300], 300)]).toEqual([
      null,
      null,
    ]);
  });
});
