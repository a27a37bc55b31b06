/**
 * Settings every test app gets (test-app.ts, and the medium apps of test/medium/), before a test's own.
 * Password hashes: OWASP's lowest argon2id setting (19 MiB, 2 passes, the floors the service accepts)
 * instead of the default (64 MiB, 3 passes), a fifth of the work. The tests prove what is done with
 * passwords, not what a hash costs, and the suite registers and signs in people by the thousand:
 * hashing at the default took a good part of its CPU time. src/security/password-hasher.spec.ts
 * holds the default to argon2's own.
 */
export const TEST_PASSWORD_HASHING = {
  PASSWORD_HASH_MEMORY_KIB: '19456',
  PASSWORD_HASH_PASSES: '2',
} as const;

/**
 * `bot` at the network alone (BOT_PLIES=0) instead of its look-ahead (two plies in backgammon): the tests
 * prove that house bots play by the rules and when they act, not how well, and every bot turn of every
 * test paid for the look-ahead. Its strength is the bench's (npm run bench:bot) and the engine specs'.
 */
export const TEST_BOT_LOOKAHEAD = { BOT_PLIES: '0' } as const;
