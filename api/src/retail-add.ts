import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openSqliteRepositories } from './database';
import { RetailAddInput, addRetailStaff } from './modules/retail/staff-admin';

/**
 * `pnpm --filter @join/api retail:add -- --shop dxb-mall --staff-id S1003 --name "Sara Ali" [--role manager]`
 * adds a staff member (the PIN is asked for without echo, or read from the first line of stdin
 * when it is not a terminal: never a flag, so it is in no shell history, process list or log);
 * `--shop-name` and `--shop-name-ar` (and `--terminal`) add or rename the shop. JOIN_DB names the
 * database, as for the server. api/README.md "Retail".
 */
async function readPin(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    process.stdout.write('PIN (6 digits, not shown): ');
    // Nothing typed is echoed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  }
  const line = await new Promise<string>((done) => rl.once('line', done));
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return line.trim();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      shop: { type: 'string' },
      'shop-name': { type: 'string' },
      'shop-name-ar': { type: 'string' },
      terminal: { type: 'string' },
      'staff-id': { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
    },
    strict: true,
  });
  const staffId = values['staff-id'];
  const parsed = RetailAddInput.safeParse({
    shop: values.shop,
    shopName: values['shop-name'],
    shopNameAr: values['shop-name-ar'],
    terminal: values.terminal,
    staffId,
    name: values.name,
    role: values.role,
    pin: staffId === undefined ? undefined : await readPin(),
  });
  if (!parsed.success) {
    // The issues name fields and rules, never a value (the PIN included).
    console.error(parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n'));
    process.exitCode = 2;
    return;
  }
  const dbFile = process.env.JOIN_DB ? resolve(process.env.JOIN_DB) : join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'join.sqlite');
  const { repos } = openSqliteRepositories(dbFile);
  try {
    const report = await addRetailStaff(repos, parsed.data, Date.now());
    console.log(`${report.shopAdded ? 'added' : 'kept'} shop ${report.shop}${report.staff ? `; ${report.staff.role} ${report.staff.staffId} set` : ''}`);
  } finally {
    await repos.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
