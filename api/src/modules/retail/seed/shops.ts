import type { StaffRole } from '../repository';

/**
 * The sandbox's shops and staff (never a production seed: a deployment adds its own with
 * `pnpm --filter @join/api retail:add`). Each shop's payment terminal is `term-<shop id>` in the
 * terminal sandbox. The PINs are the sandbox's published test PINs (api/README.md "Retail").
 */
export interface SeedShop {
  id: string;
  name: string;
  nameAr: string;
  staff: readonly { staffId: string; name: string; role: StaffRole; pin: string }[];
}

export const terminalOf = (shopId: string): string => `term-${shopId}`;

export const SEED_SHOPS: readonly SeedShop[] = [
  {
    id: 'dxb-mall',
    name: 'Dubai Mall',
    nameAr: 'دبي مول',
    staff: [
      { staffId: 'M1001', name: 'Mariam Al Suwaidi', role: 'manager', pin: '246810' },
      { staffId: 'S1001', name: 'Omar Haddad', role: 'staff', pin: '135790' },
      { staffId: 'S1002', name: 'Priya Nair', role: 'staff', pin: '975310' },
    ],
  },
  {
    id: 'auh-marina',
    name: 'Marina Mall Abu Dhabi',
    nameAr: 'مارينا مول أبوظبي',
    staff: [
      { staffId: 'M2001', name: 'Khalid Al Mansoori', role: 'manager', pin: '864200' },
      { staffId: 'S2001', name: 'Aisha Rahman', role: 'staff', pin: '112358' },
    ],
  },
];
