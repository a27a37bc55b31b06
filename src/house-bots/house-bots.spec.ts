import { HOUSE_BOTS, houseBotRefusal, isHouseBot } from './house-bots.js';

describe('which house bot plays what', () => {
  it('bot-easy and bot play both variants, whatever the external player does', () => {
    for (const houseBot of ['bot-easy', 'bot'] as const) {
      for (const variant of ['backgammon', 'long-nardy'] as const) {
        expect(houseBotRefusal(houseBot, variant, false)).toBeNull();
      }
    }
  });

  it('gnubg plays backgammon only, and only while its external player answers', () => {
    expect(houseBotRefusal('gnubg', 'backgammon', true)).toBeNull();
    expect(houseBotRefusal('gnubg', 'backgammon', false)).toMatch(/^gnubg is not available now/);
    expect(houseBotRefusal('gnubg', 'long-nardy', true)).toBe('gnubg plays backgammon only.');
    expect(houseBotRefusal('gnubg', 'long-nardy', false)).toBe('gnubg plays backgammon only.');
  });

  it('knows the house bots by their stored level, and nothing else', () => {
    expect(HOUSE_BOTS.every(isHouseBot)).toBe(true);
    expect([null, 'player', 'Bot', 'easy'].some(isHouseBot)).toBe(false);
  });
});
