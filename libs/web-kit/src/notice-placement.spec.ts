import { type Box, type NoticePlace, overlapArea, placeNotice } from './notice-placement.js';

const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, right: left + width, bottom: top + height });

// A 360 × 740 phone: toasts 80 px tall above a 72 px Pay bar, or at the top.
const phone: [NoticePlace<'bottom' | 'top'>, NoticePlace<'bottom' | 'top'>] = [
  { placement: 'bottom', box: box(0, 740 - 72 - 80, 360, 80) },
  { placement: 'top', box: box(0, 0, 360, 80) },
];

describe('where a notice goes', () => {
  it('measures what two boxes share, nothing when they only touch', () => {
    expect(overlapArea(box(0, 0, 10, 10), box(5, 5, 10, 10))).toBe(25);
    expect(overlapArea(box(0, 0, 10, 10), box(10, 0, 10, 10))).toBe(0);
    expect(overlapArea(box(0, 0, 10, 10), box(20, 20, 1, 1))).toBe(0);
  });

  it('takes the first place when it covers nothing to keep clear', () => {
    expect(placeNotice(phone, [])).toBe('bottom');
    // The Pay bar itself is below the toasts.
    expect(placeNotice(phone, [box(0, 740 - 72, 360, 72)])).toBe('bottom');
  });

  it('moves to the next place when the first would cover the control just used', () => {
    const addressLines = box(16, 560, 328, 100);
    expect(placeNotice(phone, [addressLines])).toBe('top');
  });

  it('keeps to the order of preference among free places', () => {
    const admin: [NoticePlace<string>, ...NoticePlace<string>[]] = [
      { placement: 'bottomRight', box: box(1032, 716, 384, 160) },
      { placement: 'bottomLeft', box: box(24, 716, 384, 160) },
      { placement: 'top', box: box(528, 24, 384, 160) },
    ];
    const refundForm = box(800, 600, 616, 250);
    expect(placeNotice(admin, [refundForm])).toBe('bottomLeft');
    expect(placeNotice(admin, [refundForm, box(100, 800, 100, 40)])).toBe('top');
  });

  it('covers as little as it can when every place covers something', () => {
    expect(placeNotice(phone, [box(0, 600, 360, 60), box(0, 0, 360, 10)])).toBe('top');
    expect(placeNotice(phone, [box(0, 600, 360, 5), box(0, 0, 360, 60)])).toBe('bottom');
  });
});
