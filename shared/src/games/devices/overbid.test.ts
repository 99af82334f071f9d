import { overbidWarning } from './overbid';

describe('Devices overbid warning', () => {
  it('says nothing for a bid you can pay', () => {
    expect(overbidWarning(26, 0, 26, 5)).toBeNull();
  });
  it('names the Points a short winner converts', () => {
    expect(overbidWarning(11, 4, 26, 5)).toBe(
      'You have m11: winning at m26 turns 3 of your 4 Points into mackerel to pay',
    );
  });
  it('says everything is lost when the Points do not cover it (the issue: m26 bid while holding m11)', () => {
    expect(overbidWarning(11, 2, 26, 5)).toBe(
      'You have m11 and 2 Points: winning at m26 costs you every Point and all your mackerel, and no Device is made',
    );
    expect(overbidWarning(11, 0, 26, 5)).toMatch(/costs you all your mackerel, and no Device is made/);
  });
});
