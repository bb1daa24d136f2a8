import { join } from 'node:path';
import { tempDir } from '../../../testing/harness';
import { openDatabase } from '../open-database';

/** A commit survives a power loss (FULL), not only a process crash (NORMAL). */
describe('openDatabase', () => {
  it('opens the file in WAL mode with synchronous FULL and foreign keys on', () => {
    const dir = tempDir();
    const db = openDatabase(join(dir.path, 'x.sqlite'));
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      db.close();
      dir.remove();
    }
  });
});
