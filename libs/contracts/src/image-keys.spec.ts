import { IMAGE_KEY } from './image-keys.js';

describe('IMAGE_KEY', () => {
  it('accepts the keys media mints', () => {
    for (const key of ['products/upl_01JD0000000000000000000000/large.webp', 'products/upl_01JD/card.webp', 'demo/monte-carlo/thumb.webp', 'demo/anubias-nana/large.webp']) {
      expect(IMAGE_KEY.test(key)).toBe(true);
    }
  });

  it('refuses dot segments, other prefixes, variants and types', () => {
    for (const key of [
      '../../metrics',
      '../../../health/ready',
      'products/../../metrics',
      'products/upl_1/../../../health/ready',
      'demo/./x/large.webp',
      'demo/../large.webp',
      'products/upl_1/large.webp/..',
      'private/upl_1/large.webp',
      'products/upl_1/original.webp',
      'products/upl_1/large.png',
      'products/x/large.webp',
      'products/upl_1/large.webp?x=1',
      'products/upl_1%2f../large.webp',
      'demo/monte-carlo/large.webp\u0000',
      '',
    ]) {
      expect(IMAGE_KEY.test(key)).toBe(false);
    }
  });
});
