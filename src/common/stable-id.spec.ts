import { stableId } from './stable-id.js';

describe('stableId', () => {
  it('gives one version-5 UUID per key, the same every time', () => {
    const id = stableId('turn:m1:u1:2026-11-27T09:00:00.000Z');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableId('turn:m1:u1:2026-11-27T09:00:00.000Z')).toBe(id);
    expect(stableId('turn:m1:u2:2026-11-27T09:00:00.000Z')).not.toBe(id);
  });
});
