/** Usernames: 3-24 characters of a-z, 0-9, _ and -; unique regardless of case. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,24}$/;
export const USERNAME_RULE = 'username must be 3-24 characters of a-z, 0-9, _ and - (unique regardless of case)';

/** The key that makes usernames unique case-insensitively. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}
