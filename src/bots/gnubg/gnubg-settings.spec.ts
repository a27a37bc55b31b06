import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { EnvironmentError, validateEnvironment } from '../../config/environment.js';
import { locateGnubg } from './gnubg-settings.js';

/** A directory with an executable bin/gnubg and a file that may not be run. */
const dir = mkdtempSync(join(tmpdir(), 'gnubg-settings-'));
const program = join(dir, 'bin', 'gnubg');
const notExecutable = join(dir, 'not-executable');
mkdirSync(join(dir, 'bin'));
writeFileSync(program, '#!/bin/sh\n');
chmodSync(program, 0o755);
writeFileSync(notExecutable, '');

describe('where gnubg is found, and its settings at boot', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults: looked up, 15 seconds an answer, 2 plies', () => {
    expect(validateEnvironment({})).toMatchObject({
      GNUBG_PATH: undefined,
      GNUBG_TIMEOUT_SECONDS: 15,
      GNUBG_PLIES: 2,
    });
  });

  it.each([
    ['GNUBG_PATH', { GNUBG_PATH: '/nowhere/gnubg' }],
    ['GNUBG_PATH', { GNUBG_PATH: notExecutable }],
    ['GNUBG_PATH', { GNUBG_PATH: join(dir, 'bin') }],
    ['GNUBG_TIMEOUT_SECONDS', { GNUBG_TIMEOUT_SECONDS: '0' }],
    ['GNUBG_TIMEOUT_SECONDS', { GNUBG_TIMEOUT_SECONDS: 'soon' }],
    ['GNUBG_PLIES', { GNUBG_PLIES: '5' }],
  ])('refuses a bad %s at boot, naming it', (name, raw) => {
    expect(() => validateEnvironment(raw)).toThrow(EnvironmentError);
    expect(() => validateEnvironment(raw)).toThrow(new RegExp(`${name}:`));
  });

  it('accepts an executable GNUBG_PATH, and off', () => {
    expect(validateEnvironment({ GNUBG_PATH: program }).GNUBG_PATH).toBe(program);
    expect(validateEnvironment({ GNUBG_PATH: 'off' }).GNUBG_PATH).toBe('off');
  });

  it('runs GNUBG_PATH when set, none when off, else the first gnubg on PATH', () => {
    expect(locateGnubg(program, '')).toBe(program);
    expect(locateGnubg('off', join(dir, 'bin'))).toBeNull();
    expect(locateGnubg(undefined, ['/nowhere', join(dir, 'bin')].join(delimiter))).toBe(program);
    expect(locateGnubg('', join(dir, 'bin'))).toBe(program);
  });
});
