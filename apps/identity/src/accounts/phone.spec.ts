import { normalizePhone } from './accounts.service.js';

describe('normalizePhone', () => {
  it.each([
    ['9830012345', '+919830012345'],
    ['+91 98300 12345', '+919830012345'],
    ['098300-12345', '+919830012345'],
    ['91 6000000000', '+916000000000'],
  ])('reads %s as %s', (raw, expected) => expect(normalizePhone(raw)).toBe(expected));

  it.each(['12345', '5830012345', '98300123456', '', 'phone', '98300abc12345', '98300.12345'])('refuses %s', (raw) => expect(normalizePhone(raw)).toBeNull());
});
