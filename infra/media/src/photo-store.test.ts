import sharp from 'sharp';
import { startTestObjectStorage } from '@forecourt/test-kit/object-storage-server';
import { formatFor, normalisePhoto, openPhotoStorage, PhotoRefused, WorkLimiter, WorkLimiterBusy } from './photo-store';

/** The pieces of the dealers' photos that need no server: normalising, the format chosen, the resize bound. */

describe('normalisePhoto', () => {
  it('turns a photo as its EXIF orientation says and keeps none of its metadata', async () => {
    // 300 x 200 stored, to be shown turned a quarter (orientation 6): 200 x 300.
    const taken = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3060a0' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const normalised = await sharp(await normalisePhoto(taken, 'https://dealer.example/1.jpg')).metadata();
    expect(normalised).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(normalised.orientation).toBeUndefined();
    expect(normalised.exif).toBeUndefined();
  });

  it('refuses a GIF, naming what it is', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(normalisePhoto(gif, 'https://dealer.example/1.gif')).rejects.toThrow(
      new PhotoRefused('https://dealer.example/1.gif is a GIF image: only JPEG, PNG, WebP and AVIF photos are taken'),
    );
  });
});

describe('formatFor', () => {
  it('takes AVIF, then WebP, then JPEG', () => {
    expect([
      formatFor('image/avif,image/webp,*/*'),
      formatFor('image/webp,*/*'),
      formatFor('*/*'),
      formatFor(undefined),
    ]).toEqual(['avif', 'webp', 'jpeg', 'jpeg']);
  });
});

describe('WorkLimiter', () => {
  it('refuses work past its running and waiting bound, and takes it again once a slot frees', async () => {
    const limiter = new WorkLimiter(1, 1);
    let release!: () => void;
    const held = limiter.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const queued = limiter.run(async () => 'second');
    await expect(limiter.run(async () => 'third')).rejects.toBeInstanceOf(WorkLimiterBusy);
    release();
    expect(await Promise.all([held, queued])).toEqual(['first', 'second']);
    expect(await limiter.run(async () => 'fourth')).toBe('fourth');
  });
});

describe('photo storage', () => {
  it('deletes an object from the bucket, and a key that is not there is no error', async () => {
    const bucket = await startTestObjectStorage();
    const opened = openPhotoStorage({ objectStorage: bucket.settings, cacheBytes: 0 }, '/nowhere');
    try {
      await opened.storage.put('abc/original.jpg', Buffer.from('photo'));
      await opened.storage.put('abc/w400-q75.webp', Buffer.from('size'));
      await opened.storage.delete('abc/w400-q75.webp');
      await opened.storage.delete('abc/w400-q75.webp');
      expect(await opened.storage.list('abc/')).toEqual(['original.jpg']);
    } finally {
      opened.close();
      await bucket.close();
    }
  });
});
