import { BRAND_COLORS, brandCssVariables } from './brand.js';

describe('the brand', () => {
  it('names its colours as the storefront’s style sheet does', () => {
    const vars = brandCssVariables();
    expect(vars['--c-teal-900']).toBe(BRAND_COLORS.teal900);
    expect(vars['--c-aqua-50']).toBe('#f2faf8');
    expect(vars['--c-leaf-700']).toBe('#1f6b3f');
    expect(vars['--c-error-bg']).toBe('#fdecea');
    expect(vars['--c-deep']).toBe('#06302e');
    expect(Object.keys(vars)).toHaveLength(Object.keys(BRAND_COLORS).length);
  });
});
