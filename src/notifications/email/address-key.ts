/**
 * The key an address is compared by: trimmed and lower-cased. An address's local part may be
 * case-sensitive by the letter of RFC 5321, but no mail service in use treats it so, and two
 * accounts whose addresses differ only in case would be one mailbox.
 */
export const addressKey = (address: string): string => address.trim().toLowerCase();
