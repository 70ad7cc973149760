import {
  accountTypeLabel,
  avatarInitial,
  isAdminRole,
  orderCustomerName,
  orderProductName,
  orderStatusDisplay,
  paymentMethodLabel,
  paymentMethodText,
  paymentModeWords,
  roleBadgeColor,
  userDisplayName,
} from './display.js';

describe('orderStatusDisplay', () => {
  it.each([
    ['completed', 'list', 'Completed', 'green'],
    ['completed', 'detail', 'Completed', 'green'],
    ['pending', 'list', 'Pending', 'yellow'],
    ['pending', 'detail', 'Pending', 'yellow'],
    ['failed', 'list', 'Failed', 'red'],
    ['failed', 'detail', 'Failed', 'red'],
    ['COMPLETED', 'list', 'Completed', 'green'],
    ['refunded', 'list', 'Refunded', 'grey'],
    ['cancelled', 'detail', 'Cancelled', 'grey'],
    [null, 'list', 'Unknown', 'grey'],
    [undefined, 'list', 'Unknown', 'grey'],
    ['', 'list', 'Unknown', 'grey'],
    [null, 'detail', 'Completed', 'green'],
    [undefined, 'detail', 'Completed', 'green'],
    ['  ', 'detail', 'Completed', 'green'],
  ] as const)('%p in %s → %s / %s', (status, context, label, color) => {
    expect(orderStatusDisplay(status, context)).toEqual({ label, color });
  });
});

describe('roles', () => {
  it.each([
    ['admin', 'red', 'Administrator', true],
    ['user', 'blue', 'User', false],
    ['moderator', 'grey', 'User', false],
    ['Admin', 'grey', 'User', false],
    [null, 'grey', 'User', false],
    [undefined, 'grey', 'User', false],
  ])('%p → badge %s, account type %s, admin %s', (role, color, accountType, admin) => {
    expect(roleBadgeColor(role)).toBe(color);
    expect(accountTypeLabel(role)).toBe(accountType);
    expect(isAdminRole(role)).toBe(admin);
  });
});

describe('avatarInitial', () => {
  it.each([
    [{ fullName: 'asha Roy', email: 'x@y.z' }, 'A'],
    [{ fullName: '  ravi', email: 'x@y.z' }, 'R'],
    [{ fullName: '', email: 'meera@example.com' }, 'M'],
    [{ fullName: null, email: 'meera@example.com' }, 'M'],
    [{ fullName: '   ', email: '  ' }, 'U'],
    [{}, 'U'],
    [{ fullName: 'ßeta' }, 'SS'],
    [{ fullName: '𝒜lpha' }, '𝒜'],
    [{ fullName: 'अमित' }, 'अ'],
  ])('%j → %s', (user, initial) => {
    expect(avatarInitial(user)).toBe(initial);
  });
});

describe('fallback names', () => {
  it.each([
    [userDisplayName, 'Asha', 'Asha', 'No Name'],
    [orderCustomerName, 'Asha', 'Asha', 'Unknown User'],
    [orderProductName, 'Java Fern', 'Java Fern', 'Unknown Product'],
    [paymentMethodLabel, 'UPI', 'UPI', 'Not specified'],
  ])('%p', (fn, value, shown, fallback) => {
    expect(fn(value)).toBe(shown);
    expect(fn(` ${value} `)).toBe(shown);
    expect(fn(null)).toBe(fallback);
    expect(fn(undefined)).toBe(fallback);
    expect(fn('')).toBe(fallback);
  });
});

describe('payment modes in words', () => {
  it('reads PhonePe’s mode in words, acronyms kept in capitals', () => {
    expect(paymentModeWords('UPI_INTENT')).toBe('UPI Intent');
    expect(paymentModeWords('NET_BANKING')).toBe('Net Banking');
    expect(paymentModeWords('CARD')).toBe('Card');
    expect(paymentModeWords('  ')).toBeNull();
  });

  it("says 'Not specified' on the admin screens and names PhonePe on the shopper's", () => {
    expect(paymentMethodLabel('UPI_QR')).toBe('UPI QR');
    expect(paymentMethodLabel(null)).toBe('Not specified');
    expect(paymentMethodText(null)).toBe('PhonePe');
    expect(paymentMethodText('')).toBe('PhonePe');
    expect(paymentMethodText('UPI_INTENT')).toBe('PhonePe (UPI Intent)');
    expect(paymentMethodText('NET_BANKING')).toBe('PhonePe (Net Banking)');
  });
});
