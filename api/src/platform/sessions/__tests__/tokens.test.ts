import { createHash } from 'node:crypto';
import { hashToken, newSessionToken } from '../tokens';

describe('session tokens', () => {
  it('are stored as the hex SHA-256 of the token (what existing sessions were stored under)', () => {
    for (const token of [newSessionToken(), newSessionToken(), 'a'.repeat(64)]) {
      expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    }
  });
});
