import { randomInt } from 'node:crypto';

/** The contract's pairing-code alphabet: 20 consonants (no vowels, so no words; no look-alikes). */
export const PAIRING_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const PAIRING_LENGTH = 8;

/** Eight letters drawn uniformly (crypto.randomInt): 20^8 = 2.56e10 codes. */
export function newUserCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_LENGTH; i += 1) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return code;
}

/** As the device shows it: XXXX-XXXX. */
export const displayUserCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;
