import * as commerce from './index.js';

describe('public API', () => {
  it.each([
    'rupeesToPaise',
    'paiseToRupees',
    'paiseToDecimalString',
    'volumeDiscountPercent',
    'nextDiscountTier',
    'discountNudgeText',
    'discountTierLabel',
    'discountedUnitPricePaise',
    'lineTotalPaise',
    'cartTotals',
    'shippingChargePaise',
    'payableAmountPaise',
    'orderNumber',
    'invoiceNumber',
    'adminShortId',
    'formatRupees',
    'formatCustomerDate',
    'formatAdminDate',
    'formatRelativeTime',
    'validateAddress',
    'normalizeAddress',
    'sanitizePostalCodeInput',
    'validateSignIn',
    'validateSignUp',
    'validatePasswordResetRequest',
    'validateNewPassword',
    'validateAdminLogin',
    'parseAddAdminEmail',
    'validateProductForm',
    'detectImageType',
    'parseImageUrls',
    'mainImageUrl',
    'categoryLabel',
    'orderStatusDisplay',
    'roleBadgeColor',
    'avatarInitial',
    'pluralizeItems',
    'checkAddToCart',
    'checkSetQuantity',
  ])('exports the function %s', (name) => {
    expect(typeof (commerce as Record<string, unknown>)[name]).toBe('function');
  });

  it.each([
    'DISCOUNT_TIERS',
    'INDIAN_STATES',
    'ADDRESS_TYPES',
    'INVALID_POSTAL_CODE_MESSAGE',
    'MAX_IMAGES_PER_PRODUCT',
    'MAX_IMAGE_BYTES',
    'ALLOWED_IMAGE_TYPES',
    'PLACEHOLDER_IMAGE_URL',
  ])('exports the constant %s', (name) => {
    expect((commerce as Record<string, unknown>)[name]).toBeDefined();
  });

  it('prices a checkout end to end', () => {
    const totals = commerce.cartTotals([
      { unitPricePaise: commerce.rupeesToPaise('199.99'), quantity: 3 },
      { unitPricePaise: commerce.rupeesToPaise(49.5), quantity: 1 },
    ]);
    const shipping = commerce.shippingChargePaise('700016');
    if (!shipping.ok) throw new Error('expected a charge');
    const payable = commerce.payableAmountPaise(totals.subtotalPaise, shipping.paise);
    expect(totals).toEqual({ itemCount: 4, subtotalPaise: 56997 + 4950, savingsPaise: 3000 });
    expect(commerce.formatRupees(payable)).toBe('₹694.00'); // 619.47 + 75 = 694.47 → 694
  });
});
