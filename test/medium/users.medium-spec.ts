import { PrismaService } from '../../src/database/prisma.service.js';
import { SecurityModule } from '../../src/security/security.module.js';
import { UnauthorizedError } from '../../src/security/security.errors.js';
import { UsernameTakenError, UserNotFoundError } from '../../src/users/user.errors.js';
import { UsersModule } from '../../src/users/users.module.js';
import { UsersRepository } from '../../src/users/users.repository.js';
import { UsersService } from '../../src/users/users.service.js';
import { useMediumApp } from './medium-app.js';
import { NEW_PLAYER_STANDING } from '../support/new-player.js';

const anyString = expect.any(String) as unknown;

const m = useMediumApp([SecurityModule, UsersModule]);

describe('UsersService.register', () => {
  it('stores the player with an argon2id hash of the password and returns the account without it', async () => {
    const account = await m.get(UsersService).register({ username: 'Mira', password: 'quartz-lantern-2' });
    expect(account).toEqual({
      id: anyString,
      username: 'Mira',
      createdAt: anyString,
      ...NEW_PLAYER_STANDING,
      autoPlayForced: false,
      language: null,
      role: 'player',
      warnings: [],
      renameRequired: false,
    });
    const row = await m.get(PrismaService).user.findUniqueOrThrow({ where: { id: account.id } });
    expect(row).toMatchObject({ username: 'Mira', usernameKey: 'mira' });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a username that differs from a taken one only in case with UsernameTakenError, storing nothing', async () => {
    await m.driver.newUser({ username: 'Quinn' });
    await expect(m.get(UsersService).register({ username: 'qUINN', password: 'other-password' })).rejects.toThrow(
      UsernameTakenError,
    );
    expect(await m.get(PrismaService).user.count({ where: { usernameKey: 'quinn' } })).toBe(1);
  });
});

describe('UsersRepository lookups', () => {
  it('finds a user by username regardless of case, and by id', async () => {
    const { user } = await m.driver.newUser({ username: 'Rosa_7' });
    const users = m.get(UsersRepository);
    expect(await users.findByUsername('rOSA_7')).toEqual(user);
    expect(await users.findById(user.id)).toEqual(user);
  });

  it.each([
    ['an unknown username', (r: UsersRepository) => r.findByUsername('nobody_here')],
    ['a string that cannot be a username', (r: UsersRepository) => r.findByUsername("x' OR '1'='1")],
    ['an unknown id', (r: UsersRepository) => r.findById('00000000-0000-4000-8000-000000000000')],
  ])('finds nobody for %s', async (_name, lookup) => {
    await m.driver.newUser();
    await expect(lookup(m.get(UsersRepository))).resolves.toBeNull();
  });
});

describe('UsersService lookups', () => {
  it('answers the profile of a player, case-insensitively, and UserNotFoundError for an unknown one', async () => {
    await m.driver.newUser({ username: 'Sven' });
    await expect(m.get(UsersService).profile('SVEN')).resolves.toMatchObject({
      username: 'Sven',
      rating: 1500,
      experience: 0,
    });
    await expect(m.get(UsersService).profile('nobody_here')).rejects.toThrow(UserNotFoundError);
  });

  it('refuses `me` for an account that no longer exists with UnauthorizedError', async () => {
    const { user } = await m.driver.newUser();
    await m.get(PrismaService).user.delete({ where: { id: user.id } });
    await expect(m.get(UsersService).me(user.id)).rejects.toThrow(UnauthorizedError);
  });
});
