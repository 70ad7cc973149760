import { arrayLiteral } from './prepared-statements.js';

describe('arrayLiteral: an array as pg binds it', () => {
  it('quotes every element, escapes quotes and backslashes, and writes NULL', () => {
    expect(arrayLiteral(['a', 'b c', 'say "hi"', 'back\\slash', null])).toBe('{"a","b c","say \\"hi\\"","back\\\\slash",NULL}');
  });

  it('writes numbers as their text, an empty array as {}', () => {
    expect(arrayLiteral([1, 20])).toBe('{"1","20"}');
    expect(arrayLiteral([])).toBe('{}');
  });
});
