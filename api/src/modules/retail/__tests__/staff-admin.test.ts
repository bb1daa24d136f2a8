import { openSqliteRepositories, type SqliteRepositories } from '../../../database';
import { tempDir } from '../../../testing/harness';
import { verifyPasswordOrDummy } from '../../account';
import { RetailAddInput, addRetailStaff } from '../staff-admin';

/** The retail:add command's work: shops and staff added by an operator, PINs stored only hashed. */
describe('retail:add', () => {
  const dir = tempDir();
  let repos: SqliteRepositories;
  beforeAll(() => {
    repos = openSqliteRepositories(`${dir.path}/admin.sqlite`, { poolSize: 10 }).repos;
  });
  afterAll(async () => {
    await repos.close();
    dir.remove();
  });

  it('adds a shop with its names and terminal, and a manager whose PIN verifies but is not stored', async () => {
    const input = RetailAddInput.parse({ shop: 'shj-city', shopName: 'City Centre Sharjah', shopNameAr: 'سيتي سنتر الشارقة', staffId: 's3001', name: 'Sara Ali', role: 'manager', pin: '424242' });
    expect(await addRetailStaff(repos, input, 1)).toEqual({ shop: 'shj-city', shopAdded: true, staff: { staffId: 'S3001', role: 'manager' } });
    expect(await repos.findShop('shj-city')).toEqual({ id: 'shj-city', name: 'City Centre Sharjah', nameAr: 'سيتي سنتر الشارقة', terminalId: 'term-shj-city' });
    const staff = await repos.findStaff('S3001');
    expect(staff?.pinHash).not.toContain('424242');
    expect(await verifyPasswordOrDummy('424242', staff?.pinHash ?? null)).toBe(true);
  });

  it('refuses a staff member without a PIN or name, a shop with one name only, a bad PIN, and an unknown shop', async () => {
    expect(RetailAddInput.safeParse({ shop: 'dxb-mall', staffId: 'S1009', name: 'No Pin' }).success).toBe(false);
    expect(RetailAddInput.safeParse({ shop: 'dxb-mall', shopName: 'Only English' }).success).toBe(false);
    expect(RetailAddInput.safeParse({ shop: 'dxb-mall', staffId: 'S1009', name: 'N', pin: '12345' }).success).toBe(false);
    await expect(addRetailStaff(repos, RetailAddInput.parse({ shop: 'nowhere', staffId: 'S1009', name: 'N', pin: '123456' }), 1)).rejects.toThrow(/no shop nowhere/);
  });
});
