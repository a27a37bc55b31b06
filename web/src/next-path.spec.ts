import { nextPath, signInPath } from './next-path.js';

describe('nextPath', () => {
  it('returns to a page of the site, with its query', () => {
    expect(nextPath('/matches/abc')).toBe('/matches/abc');
    expect(nextPath('/users/bob/versus/alice?x=1')).toBe('/users/bob/versus/alice?x=1');
  });

  it('goes to the lobby without a next page, or for one on another site', () => {
    expect(nextPath(null)).toBe('/lobby');
    expect(nextPath('https://elsewhere.example/')).toBe('/lobby');
    expect(nextPath('//elsewhere.example/')).toBe('/lobby');
    expect(nextPath('/\\elsewhere.example/')).toBe('/lobby');
    expect(nextPath('javascript:alert(1)')).toBe('/lobby');
    expect(nextPath('/\t/elsewhere.example')).toBe('/lobby');
  });

  it('is what signInPath asks for, read back from the query', () => {
    const query = new URLSearchParams(signInPath('/lobby?tab=mine').split('?')[1]);
    expect(nextPath(query.get('next'))).toBe('/lobby?tab=mine');
  });
});
