import { containsPattern } from './like-pattern.js';

describe('containsPattern', () => {
  it('wraps the text in % and takes %, _ and \\ literally', () => {
    expect(containsPattern('asha')).toBe('%asha%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
