import fc from 'fast-check';
import {
  ALLOWED_IMAGE_TYPES,
  CO2_REQUIREMENT_OPTIONS,
  DEFAULT_PRODUCT_CATEGORY,
  GH_OPTIONS,
  IMAGE_INPUT_ACCEPT,
  IMAGE_MESSAGES,
  KH_OPTIONS,
  LIGHT_REQUIREMENT_OPTIONS,
  MAX_IMAGES_PER_PRODUCT,
  MAX_IMAGE_BYTES,
  NOT_SPECIFIED,
  PLACEHOLDER_IMAGE_URL,
  PLANT_DIFFICULTY_OPTIONS,
  PRODUCT_CATEGORIES,
  PRODUCT_FORM_MESSAGES,
  canAddMoreImages,
  categoryLabel,
  checkImageSelection,
  detectImageType,
  galleryImageSlots,
  mainImageUrl,
  parseImageUrls,
  parseProductPrice,
  parseStockQuantity,
  plantAttributeLabel,
  plantAttributesToSave,
  serializeImageUrls,
  validateProductForm,
} from './product-rules.js';

describe('image limits', () => {
  it('uses the spec limits', () => {
    expect(MAX_IMAGES_PER_PRODUCT).toBe(4);
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
    expect([...ALLOWED_IMAGE_TYPES]).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(IMAGE_INPUT_ACCEPT).toBe('image/jpeg,image/png,image/webp');
    expect(IMAGE_MESSAGES.tooManyTitle).toBe('Too many images');
    expect(IMAGE_MESSAGES.tooManyText).toBe('Maximum 4 images per product.');
    expect(IMAGE_MESSAGES.tooLargeTitle).toBe('File too large');
    expect(IMAGE_MESSAGES.invalidTypeTitle).toBe('Invalid file type');
  });

  it.each([
    [0, true],
    [3, true],
    [4, false],
    [5, false],
  ])('with %d images, more can be added: %s', (count, allowed) => {
    expect(canAddMoreImages(count)).toBe(allowed);
  });
});

describe('checkImageSelection', () => {
  const jpeg = (size = 1000) => ({ size, type: 'image/jpeg' });
  const tooMany = { code: 'TOO_MANY_IMAGES', title: 'Too many images', message: 'Maximum 4 images per product.' };

  it.each([
    [0, [jpeg(), jpeg(), jpeg(), jpeg()], []],
    [3, [jpeg()], []],
    [4, [], []],
    [0, [jpeg(), jpeg(), jpeg(), jpeg(), jpeg()], [tooMany]],
    [3, [jpeg(), jpeg()], [tooMany]],
    [4, [jpeg()], [tooMany]],
    [4, [jpeg(MAX_IMAGE_BYTES + 1)], [tooMany]],
  ])('%d existing + %j → %j', (existingCount, files, issues) => {
    expect(checkImageSelection({ existingCount, files })).toEqual(issues);
  });

  it.each([
    ['image/jpeg', MAX_IMAGE_BYTES, null],
    ['image/png', 1, null],
    ['image/webp', 0, null],
    ['IMAGE/PNG', 1, null],
    ['image/jpeg', MAX_IMAGE_BYTES + 1, 'FILE_TOO_LARGE'],
    ['image/gif', 1, 'INVALID_FILE_TYPE'],
    ['image/svg+xml', 1, 'INVALID_FILE_TYPE'],
    ['application/pdf', MAX_IMAGE_BYTES + 1, 'INVALID_FILE_TYPE'],
    ['', 1, 'INVALID_FILE_TYPE'],
  ])('a %j file of %d bytes → %p', (type, size, code) => {
    const issues = checkImageSelection({ existingCount: 1, files: [jpeg(), { type, size }] });
    if (code === null) {
      expect(issues).toEqual([]);
    } else {
      const title = code === 'FILE_TOO_LARGE' ? 'File too large' : 'Invalid file type';
      expect(issues).toEqual([{ code, title, message: expect.any(String), fileIndex: 1 }]);
    }
  });
});

describe('detectImageType', () => {
  const bytes = (...values: (number | string)[]): Uint8Array =>
    Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? Array.from(v, (c) => c.charCodeAt(0)) : [v])));

  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['bare JPEG signature', bytes(0xff, 0xd8, 0xff), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d), 'image/png'],
    ['WebP', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
    ['truncated JPEG', bytes(0xff, 0xd8), null],
    ['truncated PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a), null],
    ['RIFF but WAVE', bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '), null],
    ['truncated WebP', bytes('RIFF', 0, 0, 0, 0, 'WEB'), null],
    ['GIF', bytes('GIF89a'), null],
    ['empty', bytes(), null],
  ])('%s → %p', (_name, input, type) => {
    expect(detectImageType(input)).toBe(type);
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), (input) => {
        expect([null, ...ALLOWED_IMAGE_TYPES]).toContain(detectImageType(input));
      }),
    );
  });
});

describe('image_url', () => {
  it.each([
    [null, []],
    [undefined, []],
    ['', []],
    ['   ', []],
    ['https://cdn.example/a.jpg', ['https://cdn.example/a.jpg']],
    [' https://cdn.example/a.jpg ', ['https://cdn.example/a.jpg']],
    ['["https://cdn.example/a.jpg"]', ['https://cdn.example/a.jpg']],
    ['["a","b","c","d"]', ['a', 'b', 'c', 'd']],
    ['["a","b","c","d","e"]', ['a', 'b', 'c', 'd']],
    ['["a", "", null, 3, " b "]', ['a', 'b']],
    ['[]', []],
    ['[not json', []],
    ['["a"', []],
  ])('parses %p as %j', (raw, urls) => {
    expect(parseImageUrls(raw)).toEqual(urls);
  });

  it.each([
    ['["a","b"]', 'a'],
    ['a.jpg', 'a.jpg'],
    [null, PLACEHOLDER_IMAGE_URL],
    ['[]', PLACEHOLDER_IMAGE_URL],
    ['[oops', PLACEHOLDER_IMAGE_URL],
  ])('main image of %p is %s', (raw, url) => {
    expect(mainImageUrl(raw)).toBe(url);
  });

  it.each([
    [[], null],
    [['a'], 'a'],
    [[' a ', ''], 'a'],
    [['a', 'b'], '["a","b"]'],
    [['a', 'b', 'c', 'd'], '["a","b","c","d"]'],
  ])('serializes %j as %p', (urls, raw) => {
    expect(serializeImageUrls(urls)).toBe(raw);
  });

  it('refuses to store more than 4 images', () => {
    expect(() => serializeImageUrls(['a', 'b', 'c', 'd', 'e'])).toThrow(RangeError);
  });

  it('round-trips up to 4 addresses', () => {
    const url = fc.webUrl();
    fc.assert(
      fc.property(fc.array(url, { maxLength: 4 }), (urls) => {
        expect(parseImageUrls(serializeImageUrls(urls))).toEqual(urls);
      }),
    );
  });

  it('fills four gallery slots', () => {
    expect(galleryImageSlots('["a","b"]')).toEqual(['a', 'b', null, null]);
    expect(galleryImageSlots(null)).toEqual([null, null, null, null]);
  });
});

describe('categories', () => {
  it('offers foreground, midground and background', () => {
    expect(PRODUCT_CATEGORIES.map((c) => c.value)).toEqual(['foreground', 'midground', 'background']);
    expect(DEFAULT_PRODUCT_CATEGORY).toBe('aquatic_plant');
  });

  it.each([
    ['aquatic_plant', 'AQUATIC PLANT'],
    ['foreground', 'FOREGROUND'],
    ['midground', 'MIDGROUND'],
    ['background', 'BACKGROUND'],
    ['floating_stem_plant', 'FLOATING STEM PLANT'],
    [null, 'AQUATIC PLANT'],
    [undefined, 'AQUATIC PLANT'],
    ['', 'AQUATIC PLANT'],
  ])('%p reads %s', (category, label) => {
    expect(categoryLabel(category)).toBe(label);
  });
});

describe('plant attributes', () => {
  it.each([
    ['difficulty', PLANT_DIFFICULTY_OPTIONS, ['Not specified', 'Easy', 'Medium', 'Advance']],
    ['CO2', CO2_REQUIREMENT_OPTIONS, ['Not specified', 'Yes', 'No', 'NA']],
    ['light', LIGHT_REQUIREMENT_OPTIONS, ['Not specified', 'Low', 'Medium', 'High']],
    ['KH', KH_OPTIONS, ['Not specified', 'Low', 'Medium', 'High']],
    ['GH', GH_OPTIONS, ['Not specified', 'Low', 'Medium', 'High']],
  ])('%s offers not_specified and the spec options', (_name, options, labels) => {
    expect(options.map((o) => o.label)).toEqual(labels);
    expect(options[0]!.value).toBe(NOT_SPECIFIED);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
  });

  it('keeps only set attributes that are not not_specified', () => {
    expect(
      plantAttributesToSave({
        plantDifficulty: 'easy',
        co2Requirement: 'not_specified',
        lightRequirement: '',
        carbonateHardnessKh: null,
        generalHardnessGh: ' high ',
      }),
    ).toEqual({ plantDifficulty: 'easy', generalHardnessGh: 'high' });
    expect(plantAttributesToSave({})).toEqual({});
  });

  it.each([
    ['plantDifficulty', 'advance', 'Advance'],
    ['plantDifficulty', 'Easy', 'Easy'],
    ['co2Requirement', 'na', 'NA'],
    ['lightRequirement', 'HIGH', 'High'],
    ['generalHardnessGh', 'very soft', 'very soft'],
    ['carbonateHardnessKh', 'not_specified', null],
    ['carbonateHardnessKh', null, null],
  ] as const)('%s = %p reads %p', (attribute, value, label) => {
    expect(plantAttributeLabel(attribute, value)).toBe(label);
  });
});

describe('product form', () => {
  it.each([
    [{ name: 'Monte Carlo', price: '199.99', stockQuantity: '10' }, []],
    [{ name: 'Monte Carlo', price: 0, stockQuantity: 0 }, []],
    [{ name: ' ', price: '1', stockQuantity: '1' }, [{ field: 'name', message: 'Product name is required' }]],
    [{ name: 'X', price: '', stockQuantity: '1' }, [{ field: 'price', message: 'Price is required' }]],
    [{ name: 'X', price: '1.999', stockQuantity: '1' }, [{ field: 'price', message: 'Price must be a number with at most 2 decimals' }]],
    [{ name: 'X', price: 'abc', stockQuantity: '1' }, [{ field: 'price', message: 'Price must be a number with at most 2 decimals' }]],
    [{ name: 'X', price: '-1', stockQuantity: '1' }, [{ field: 'price', message: 'Price cannot be negative' }]],
    [{ name: 'X', price: '1', stockQuantity: '' }, [{ field: 'stockQuantity', message: 'Stock quantity is required' }]],
    [{ name: 'X', price: '1', stockQuantity: '1.5' }, [{ field: 'stockQuantity', message: 'Stock quantity must be a whole number' }]],
    [{ name: 'X', price: '1', stockQuantity: 2.5 }, [{ field: 'stockQuantity', message: 'Stock quantity must be a whole number' }]],
    [{ name: 'X', price: '1', stockQuantity: '-3' }, [{ field: 'stockQuantity', message: 'Stock quantity cannot be negative' }]],
    [
      {},
      [
        { field: 'name', message: 'Product name is required' },
        { field: 'price', message: 'Price is required' },
        { field: 'stockQuantity', message: 'Stock quantity is required' },
      ],
    ],
  ])('%j → %j', (input, errors) => {
    expect(validateProductForm(input)).toEqual(errors);
  });

  it('parses the price into paise and the stock into an integer', () => {
    expect(parseProductPrice('199.99')).toEqual({ ok: true, paise: 19999 });
    expect(parseProductPrice(0.1)).toEqual({ ok: true, paise: 10 });
    expect(parseStockQuantity(' 12 ')).toEqual({ ok: true, stock: 12 });
    expect(parseStockQuantity('-0')).toEqual({ ok: true, stock: 0 });
    expect(parseStockQuantity(NaN)).toEqual({ ok: false, message: PRODUCT_FORM_MESSAGES.stockInvalid });
  });

  it('refuses a price or a stock the columns cannot hold (numeric(10,2), integer)', () => {
    expect(parseProductPrice('99999999.99')).toEqual({ ok: true, paise: 9_999_999_999 });
    expect(parseProductPrice('100000000')).toEqual({ ok: false, message: PRODUCT_FORM_MESSAGES.priceTooLarge });
    expect(parseProductPrice(1e12)).toEqual({ ok: false, message: PRODUCT_FORM_MESSAGES.priceTooLarge });
    expect(parseStockQuantity(2_147_483_647)).toEqual({ ok: true, stock: 2_147_483_647 });
    expect(parseStockQuantity('2147483648')).toEqual({ ok: false, message: PRODUCT_FORM_MESSAGES.stockTooLarge });
    expect(validateProductForm({ name: 'Big', price: '1e9', stockQuantity: 9e15 }).map((e) => e.field)).toEqual(['price', 'stockQuantity']);
  });
});
