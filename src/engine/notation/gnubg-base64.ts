/**
 * The Base64 of gnubg's Position ID and Match ID keys (positionid.c,
 * matchid.c): the standard alphabet, bytes taken three at a time, most
 * significant bit first, no padding characters. A 10-byte position key
 * gives 14 characters (the last one carries 2 bits, its low 4 bits are 0);
 * a 9-byte match key gives 12.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

/** Encodes `bytes` as ceil(8n / 6) characters. */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const byte of bytes) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET[(acc >> bits) & 0x3f];
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(acc << (6 - bits)) & 0x3f];
  return out;
}

/**
 * Decodes `text` into `byteCount` bytes. Returns null when a character is
 * outside the alphabet, the length is not ceil(8 * byteCount / 6), or the
 * unused low bits of the last character are not zero (gnubg never writes
 * them, so such a string is not an ID gnubg produces).
 */
export function base64ToBytes(text: string, byteCount: number): Uint8Array | null {
  if (text.length !== Math.ceil((byteCount * 8) / 6)) return null;
  const bytes = new Uint8Array(byteCount);
  let acc = 0;
  let bits = 0;
  let index = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? VALUE[code] : -1;
    if (value < 0) return null;
    acc = (acc << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (acc >> bits) & 0xff;
      acc &= (1 << bits) - 1;
    }
  }
  if (acc !== 0) return null;
  return bytes;
}

/** Bit `bit` (0 = least significant bit of byte 0, as gnubg numbers them). */
export function getBit(bytes: Uint8Array, bit: number): number {
  return (bytes[bit >> 3] >> (bit & 7)) & 1;
}

/** Sets `count` bits from `bit` on to `value`, least significant bit first (gnubg's SetBits). */
export function setBits(bytes: Uint8Array, bit: number, count: number, value: number): void {
  for (let i = 0; i < count; i++) {
    const b = bit + i;
    if ((value >> i) & 1) bytes[b >> 3] |= 1 << (b & 7);
    else bytes[b >> 3] &= ~(1 << (b & 7)) & 0xff;
  }
}

/** Reads `count` bits from `bit` on, least significant bit first (gnubg's GetBits). */
export function getBits(bytes: Uint8Array, bit: number, count: number): number {
  let value = 0;
  for (let i = 0; i < count; i++) value |= getBit(bytes, bit + i) << i;
  return value;
}
