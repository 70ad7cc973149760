import {
  ADDRESS_MESSAGES,
  ADDRESS_TYPES,
  type AddressInput,
  INDIAN_STATES,
  INDIAN_STATES_ONLY,
  INDIAN_UNION_TERRITORIES,
  addressTitle,
  addressTypeLabel,
  canSetDefaultBilling,
  canBillTo,
  canSetDefaultShipping,
  canShipTo,
  isIndianState,
  normalizeAddress,
  sanitizePostalCodeInput,
  validateAddress,
} from './address.js';

const valid: AddressInput = {
  nickname: 'Home',
  fullName: 'Asha Roy',
  phone: '9876543210',
  addressLine1: '12 Park Street',
  addressLine2: '',
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
  country: 'India',
  addressType: 'both',
};

describe('INDIAN_STATES', () => {
  it('holds the 28 states and 8 union territories, once each', () => {
    expect(INDIAN_STATES_ONLY).toHaveLength(28);
    expect(INDIAN_UNION_TERRITORIES).toHaveLength(8);
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES).size).toBe(36);
    expect([...INDIAN_STATES].sort()).toEqual([...INDIAN_STATES_ONLY, ...INDIAN_UNION_TERRITORIES].sort());
  });

  it('is in English alphabetical order, as the select lists it', () => {
    expect(INDIAN_STATES).toEqual([...INDIAN_STATES].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it.each([
    'Andaman and Nicobar Islands',
    'Dadra and Nagar Haveli and Daman and Diu',
    'Jammu and Kashmir',
    'Ladakh',
    'Lakshadweep',
    'Delhi',
    'Puducherry',
    'Chandigarh',
    'West Bengal',
    'Odisha',
    'Telangana',
    'Uttarakhand',
  ])('includes %s', (name) => {
    expect(isIndianState(name)).toBe(true);
  });

  it.each(['Orissa', 'Pondicherry', 'Uttaranchal', 'Daman and Diu', 'west bengal', 'WB', '', null])(
    'excludes %p',
    (name) => {
      expect(isIndianState(name)).toBe(false);
    },
  );

  it('is sorted alphabetically for the select', () => {
    expect([...INDIAN_STATES]).toEqual([...INDIAN_STATES].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('ADDRESS_TYPES', () => {
  it.each([
    ['both', 'Shipping & Billing'],
    ['shipping', 'Shipping'],
    ['billing', 'Billing'],
  ] as const)('%s reads %s', (type, label) => {
    expect(addressTypeLabel(type)).toBe(label);
    expect(ADDRESS_TYPES).toContainEqual({ value: type, label });
  });
});

describe('validateAddress', () => {
  it('accepts a complete address', () => {
    expect(validateAddress(valid)).toEqual([]);
  });

  it('accepts an address without the optional fields', () => {
    const { nickname: _n, addressLine2: _a, country: _c, ...rest } = valid;
    expect(validateAddress(rest)).toEqual([]);
  });

  it.each([
    // field, value, message (null = valid)
    ['fullName', 'A', 'Full name must be at least 2 characters'],
    ['fullName', ' A ', 'Full name must be at least 2 characters'],
    ['fullName', '', 'Full name must be at least 2 characters'],
    ['fullName', null, 'Full name must be at least 2 characters'],
    ['fullName', 'Al', null],
    ['phone', '987654321', 'Phone number must be at least 10 digits'],
    ['phone', '   98765   ', 'Phone number must be at least 10 digits'],
    ['phone', '9876543210', null],
    ['phone', '+91 98765 43210', null],
    ['phone', '+91-98765-43210', null],
    ['phone', '098765 43210', null],
    ['phone', '98765abcde', 'Phone number must be at least 10 digits'],
    ['phone', '98765 4321O', 'Phone number must be at least 10 digits'],
    ['phone', '5876543210', 'Phone number must be at least 10 digits'],
    ['phone', '98765432101', 'Phone number must be at least 10 digits'],
    ['addressLine1', '12 P', 'Address line 1 is required'],
    ['addressLine1', '', 'Address line 1 is required'],
    ['addressLine1', '12 Pa', null],
    ['city', 'K', 'City is required'],
    ['city', undefined, 'City is required'],
    ['city', 'Ko', null],
    ['state', '', 'State is required'],
    ['state', 'W', 'State is required'],
    ['state', 'Bengal', 'State is required'],
    ['state', 'Goa', null],
    ['state', ' Goa ', null],
    ['postalCode', '70001', 'Postal code must be exactly 6 digits'],
    ['postalCode', '7000011', 'Postal code must be exactly 6 digits'],
    ['postalCode', '70001a', 'Postal code must be exactly 6 digits'],
    ['postalCode', '', 'Postal code must be exactly 6 digits'],
    ['postalCode', '700016', null],
    ['addressType', 'home', ADDRESS_MESSAGES.addressType],
    ['addressType', '', ADDRESS_MESSAGES.addressType],
    ['addressType', 'shipping', null],
    ['addressType', 'billing', null],
    ['addressType', 'both', null],
    ['nickname', '', null],
    ['addressLine2', 'x', null],
    ['country', '', null],
  ] as const)('%s = %p → %p', (field, value, message) => {
    const errors = validateAddress({ ...valid, [field]: value });
    expect(errors).toEqual(message === null ? [] : [{ field, message }]);
  });

  it('reports every invalid field in form order', () => {
    expect(validateAddress({}).map((e) => e.field)).toEqual([
      'fullName',
      'phone',
      'addressLine1',
      'city',
      'state',
      'postalCode',
      'addressType',
    ]);
  });

  it('uses the spec messages word for word', () => {
    expect(ADDRESS_MESSAGES).toMatchObject({
      fullName: 'Full name must be at least 2 characters',
      phone: 'Phone number must be at least 10 digits',
      addressLine1: 'Address line 1 is required',
      city: 'City is required',
      state: 'State is required',
      postalCode: 'Postal code must be exactly 6 digits',
    });
  });
});

describe('normalizeAddress', () => {
  it('trims, nulls empty optional fields and defaults the country', () => {
    expect(
      normalizeAddress({
        nickname: '  ',
        fullName: ' Asha Roy ',
        phone: ' 9876543210 ',
        addressLine1: ' 12 Park Street ',
        addressLine2: ' Flat 3 ',
        city: ' Kolkata',
        state: 'West Bengal ',
        postalCode: ' 700016 ',
        addressType: ' both ',
      }),
    ).toEqual({
      nickname: null,
      fullName: 'Asha Roy',
      phone: '9876543210',
      addressLine1: '12 Park Street',
      addressLine2: 'Flat 3',
      city: 'Kolkata',
      state: 'West Bengal',
      postalCode: '700016',
      country: 'India',
      addressType: 'both',
    });
  });

  it.each([
    [undefined, 'India'],
    [null, 'India'],
    ['', 'India'],
    ['  ', 'India'],
    [' Nepal ', 'Nepal'],
  ])('country %p → %s', (country, expected) => {
    expect(normalizeAddress({ ...valid, country }).country).toBe(expected);
  });

  it.each([
    ['+91 98765-43210', '9876543210'],
    ['098765 43210', '9876543210'],
    [' 98765abcde ', '98765abcde'],
  ])('phone %j → %j (the ten digits of a mobile number, else the trimmed text)', (phone, expected) => {
    expect(normalizeAddress({ ...valid, phone }).phone).toBe(expected);
  });

  it('gives an address that validates like the original', () => {
    expect(validateAddress(normalizeAddress(valid))).toEqual([]);
  });
});

describe('sanitizePostalCodeInput', () => {
  it.each([
    ['700016', '700016'],
    ['700 016', '700016'],
    ['70-00-16', '700016'],
    ['7000161', '700016'],
    ['abc', ''],
    ['', ''],
    ['PIN: 744101!', '744101'],
    ['७००', ''],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizePostalCodeInput(raw)).toBe(expected);
  });
});

describe('address cards', () => {
  it.each([
    ['Home', 'Home'],
    ['  ', 'Address'],
    [null, 'Address'],
    [undefined, 'Address'],
  ])('nickname %p titles the card %s', (nickname, title) => {
    expect(addressTitle(nickname)).toBe(title);
  });

  it.each([
    ['shipping', false, true],
    ['both', false, true],
    ['billing', false, false],
    ['shipping', true, false],
    ['both', true, false],
  ] as const)('type %s, default shipping %s → shows Set as Default Shipping: %s', (addressType, isDefaultShipping, shown) => {
    expect(canSetDefaultShipping({ addressType, isDefaultShipping, isDefaultBilling: false })).toBe(shown);
  });

  it.each([
    ['billing', false, true],
    ['both', false, true],
    ['shipping', false, false],
    ['billing', true, false],
    ['both', true, false],
  ] as const)('type %s, default billing %s → shows Set as Default Billing: %s', (addressType, isDefaultBilling, shown) => {
    expect(canSetDefaultBilling({ addressType, isDefaultShipping: false, isDefaultBilling })).toBe(shown);
  });
});

describe('which side an address may serve', () => {
  it.each([
    ['shipping', true, false],
    ['billing', false, true],
    ['both', true, true],
  ] as const)('type %s → ships: %s, bills: %s', (addressType, ships, bills) => {
    expect(canShipTo({ addressType })).toBe(ships);
    expect(canBillTo({ addressType })).toBe(bills);
  });
});
