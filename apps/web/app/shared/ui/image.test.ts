import { describe, expect, it } from 'vitest';
import { imageUrl, servedWidth, srcSetFor } from './image';

describe('image sizes', () => {
  it('serves the smallest width that covers the slot', () => {
    expect(servedWidth(200)).toBe(256);
    expect(servedWidth(256)).toBe(256);
    expect(servedWidth(5000)).toBe(1280);
    expect(imageUrl('/uploads/p/a.jpg', 300)).toBe('/img/384/uploads/p/a.jpg');
    expect(imageUrl('https://cdn.example/a.jpg', 300)).toBe('https://cdn.example/a.jpg');
    expect(imageUrl(null, 300)).toMatch(/^data:image\/svg\+xml/);
  });

  it('gives a fixed slot 1x and 2x candidates', () => {
    expect(srcSetFor('/uploads/a.jpg', 64, false)).toBe('/img/64/uploads/a.jpg 1x, /img/128/uploads/a.jpg 2x');
    expect(srcSetFor('/uploads/a.jpg', 1280, false)).toBeUndefined();
  });

  it('gives a fluid slot width descriptors from a quarter to twice its width', () => {
    expect(srcSetFor('/uploads/a.jpg', 640, true)).toBe(
      '/img/192/uploads/a.jpg 192w, /img/256/uploads/a.jpg 256w, /img/384/uploads/a.jpg 384w, ' +
        '/img/512/uploads/a.jpg 512w, /img/768/uploads/a.jpg 768w, /img/1024/uploads/a.jpg 1024w, ' +
        '/img/1280/uploads/a.jpg 1280w',
    );
  });

  it('leaves images from elsewhere alone', () => {
    expect(srcSetFor('https://cdn.example/a.jpg', 640, true)).toBeUndefined();
    expect(srcSetFor(null, 640, true)).toBeUndefined();
  });
});
