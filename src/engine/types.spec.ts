import { CHECKERS_PER_SIDE, VARIANTS } from './types.js';

describe('engine types', () => {
  it('names both variants and 15 checkers a side', () => {
    expect(VARIANTS).toEqual(['backgammon', 'long-nardy']);
    expect(CHECKERS_PER_SIDE).toBe(15);
  });
});
