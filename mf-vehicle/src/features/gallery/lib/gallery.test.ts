import { gallerySlides, isValidImage, showThumbnails, stepSlide } from './gallery';

describe('thumbnails (spec: only when in stock and more than 3 images)', () => {
  it('show for an in-stock car with 4 images, not with 3', () => {
    expect([showThumbnails(true, 4), showThumbnails(true, 3)]).toEqual([true, false]);
  });

  it('never show for a car not in stock', () => {
    expect(showThumbnails(false, 12)).toBe(false);
  });
});

describe('slides', () => {
  it('put the video second (spec: optional video slide in second position)', () => {
    const slides = gallerySlides(
      ['/a.jpg', '/b.jpg', '/c.jpg'],
      ['/a-t.jpg', '/b-t.jpg', '/c-t.jpg'],
      'https://video.example/v',
    );
    expect(slides.map((s) => s.src)).toEqual(['/a.jpg', 'https://video.example/v', '/b.jpg', '/c.jpg']);
  });

  it('leave out empty and default placeholder pictures (spec §8)', () => {
    expect(gallerySlides(['', '/media/cars/1/default.jpg', '/media/cars/1/2.jpg'], [], null).map((s) => s.src)).toEqual(
      ['/media/cars/1/2.jpg'],
    );
    expect([
      isValidImage(null),
      isValidImage('/img/placeholder.png?w=600'),
      isValidImage('/media/cars/1/1.jpg?w=600'),
    ]).toEqual([false, false, true]);
  });

  it('wrap round from the last slide to the first and back', () => {
    expect([stepSlide(3, 1, 4), stepSlide(0, -1, 4)]).toEqual([0, 3]);
  });
});
