import type { Booster } from '@join/shared/contract';
import { GIB, MINUTE_MS } from '../catalogue';

/** Seeded boosters (GET /boosters/{number}): extra allowances bought with a plan, AED before VAT. */
export const SEED_BOOSTERS: readonly Booster[] = [
  { ID: 901, Name: 'Data booster 5 GB', Type: 'DATA', Value: 5 * GIB, Validity: 30, NetPrice: 25, Tags: ['data'] },
  { ID: 902, Name: 'Data booster 20 GB', Type: 'DATA', Value: 20 * GIB, Validity: 30, NetPrice: 60, Tags: ['data', 'popular'] },
  { ID: 903, Name: 'Weekend data 10 GB', Type: 'DATA', Value: 10 * GIB, Validity: 3, NetPrice: 15, Tags: ['data', 'weekend'] },
  { ID: 911, Name: 'Local minutes 100', Type: 'VOICE-LCL', Value: 100 * MINUTE_MS, Validity: 30, NetPrice: 15, Tags: ['voice'] },
  {
    ID: 921,
    Name: 'International minutes 60',
    Type: 'VOICE-INT',
    Value: 60 * MINUTE_MS,
    Validity: 30,
    NetPrice: 20,
    Tags: ['voice', 'international'],
  },
  {
    ID: 931,
    Name: 'VIP international 500',
    Type: 'VOICE-INT',
    Value: 500 * MINUTE_MS,
    Validity: 30,
    NetPrice: 99,
    Tags: ['voice', 'international', 'vip'],
  },
];
