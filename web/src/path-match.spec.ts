import { matchPath } from './path-match.js';

describe('matchPath', () => {
  it('matches the start page only at /', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/lobby')).toBeNull();
  });

  it('names the parameters of a pattern, decoded', () => {
    expect(matchPath('/matches/:id', '/matches/abc')).toEqual({ id: 'abc' });
    expect(matchPath('/users/:username/versus/:opponent', '/users/al%20ice/versus/bob')).toEqual({
      username: 'al ice',
      opponent: 'bob',
    });
  });

  it('takes a trailing slash, and refuses other lengths, empty parameters and bad escapes', () => {
    expect(matchPath('/lobby', '/lobby/')).toEqual({});
    expect(matchPath('/matches/:id', '/matches/abc/games')).toBeNull();
    expect(matchPath('/matches/:id', '/matches/')).toBeNull();
    expect(matchPath('/users/:username', '/users/%E0%A4%A')).toBeNull();
  });
});
