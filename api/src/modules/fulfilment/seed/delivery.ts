import type { EmirateCode, OpeningPeriod } from '@join/shared/contract';
import type { DeliveryZoneRecord } from '../repository';
import { everyDay } from '../coverage';

/**
 * Sandbox delivery data (api/README.md "Delivery"): the zones a courier serves, with
 * their opening hours in local UAE time, and the stores to collect a SIM from. Invented for the
 * sandbox, not an operator's real coverage: the polygons are hand-drawn around the built-up
 * areas of each city (25 to 40 points each, [lng, lat]); anywhere else (the Western Region,
 * the desert, the mountains, the sea) no zone covers, so delivery is unsupported there (-401).
 *
 * The hours are chosen so that AT ANY MOMENT at least one zone is open and one is closed (the
 * browser tests find both by asking GET /delivery/zones): Dubai is open around the clock;
 * Fujairah (06:00-14:00) and Ras Al Khaimah (16:00-24:00) never overlap and leave 00:00-06:00
 * and 14:00-16:00 with both closed, so one of them is always closed.
 */

const ring = (points: [number, number][]): [number, number][][] => {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) throw new Error('empty ring');
  return [first[0] === last[0] && first[1] === last[1] ? points : [...points, first]];
};

/** The zones, in the shape the repository reads them. */
export const SEED_ZONES: readonly DeliveryZoneRecord[] = [
  {
    id: 'dubai',
    name: 'Dubai',
    emirate: 'DU',
    // The coast from Jebel Ali to Al Mamzar, the Sharjah border down to Al Warqa, and back along
    // Emirates Road past Silicon Oasis, Arabian Ranches and Dubai South.
    polygon: ring([
      [54.98, 24.95], [55.02, 25.01], [55.06, 25.04], [55.1, 25.07], [55.13, 25.09], [55.15, 25.11], [55.17, 25.125],
      [55.19, 25.14], [55.21, 25.16], [55.23, 25.18], [55.25, 25.21], [55.27, 25.24], [55.29, 25.265], [55.31, 25.28],
      [55.33, 25.29], [55.35, 25.3], [55.37, 25.295], [55.385, 25.285], [55.395, 25.27], [55.41, 25.26], [55.42, 25.245],
      [55.43, 25.225], [55.44, 25.205], [55.44, 25.18], [55.43, 25.16], [55.42, 25.14], [55.41, 25.12], [55.4, 25.1],
      [55.37, 25.08], [55.33, 25.06], [55.29, 25.03], [55.26, 25.0], [55.22, 24.96], [55.18, 24.92], [55.14, 24.89],
      [55.09, 24.88], [55.04, 24.9],
    ]),
    hours: everyDay('00:00', '24:00'),
    etaMinutes: 45,
  },
  {
    id: 'abu-dhabi',
    name: 'Abu Dhabi city',
    emirate: 'AZ',
    // The island from the Breakwater to Al Mina, Reem, Saadiyat and Yas, and the mainland city
    // (Khalifa City, Mohammed Bin Zayed City, Mussafah, Bain Al Jessrain).
    polygon: ring([
      [54.31, 24.47], [54.32, 24.49], [54.34, 24.5], [54.36, 24.51], [54.38, 24.525], [54.4, 24.535], [54.42, 24.545],
      [54.44, 24.56], [54.47, 24.56], [54.5, 24.53], [54.54, 24.52], [54.58, 24.51], [54.62, 24.5], [54.64, 24.47],
      [54.63, 24.44], [54.62, 24.41], [54.6, 24.38], [54.58, 24.34], [54.55, 24.31], [54.51, 24.31], [54.47, 24.33],
      [54.45, 24.36], [54.43, 24.39], [54.4, 24.41], [54.37, 24.42], [54.34, 24.44],
    ]),
    hours: everyDay('08:00', '22:00'),
    etaMinutes: 55,
  },
  {
    id: 'sharjah-ajman',
    name: 'Sharjah and Ajman',
    emirate: 'SH',
    // From the Dubai border at Al Mamzar along the coast to Al Zorah, inland round Al Zahia,
    // the airport, University City and Muwaileh, back along the Dubai border.
    polygon: ring([
      [55.37, 25.295], [55.36, 25.31], [55.355, 25.325], [55.365, 25.345], [55.375, 25.36], [55.385, 25.375], [55.4, 25.39],
      [55.42, 25.405], [55.44, 25.42], [55.46, 25.435], [55.48, 25.445], [55.5, 25.455], [55.52, 25.465], [55.54, 25.45],
      [55.555, 25.43], [55.56, 25.4], [55.56, 25.37], [55.55, 25.34], [55.54, 25.31], [55.52, 25.29], [55.5, 25.27],
      [55.48, 25.25], [55.46, 25.235], [55.44, 25.205], [55.43, 25.225], [55.42, 25.245], [55.41, 25.26], [55.395, 25.27],
      [55.385, 25.285],
    ]),
    hours: everyDay('08:00', '23:00'),
    etaMinutes: 50,
  },
  {
    id: 'al-ain',
    name: 'Al Ain',
    emirate: 'AZ',
    // The oasis city up to the Omani border at Buraimi, Jebel Hafeet's foot in the south.
    polygon: ring([
      [55.62, 24.3], [55.64, 24.313], [55.66, 24.32], [55.68, 24.318], [55.7, 24.31], [55.715, 24.3], [55.73, 24.29],
      [55.745, 24.28], [55.76, 24.27], [55.78, 24.25], [55.8, 24.23], [55.795, 24.21], [55.8, 24.19], [55.805, 24.16],
      [55.8, 24.14], [55.79, 24.12], [55.77, 24.09], [55.75, 24.077], [55.73, 24.07], [55.69, 24.07], [55.675, 24.078],
      [55.66, 24.09], [55.63, 24.12], [55.615, 24.14], [55.61, 24.16], [55.6, 24.2], [55.598, 24.225], [55.6, 24.25],
      [55.607, 24.277],
    ]),
    hours: everyDay('09:00', '21:00'),
    etaMinutes: 60,
  },
  {
    id: 'fujairah',
    name: 'Fujairah city',
    emirate: 'FU',
    // The city between the mountains and the Gulf of Oman, the port to Sakamkam.
    polygon: ring([
      [56.3, 25.18], [56.315, 25.188], [56.33, 25.19], [56.345, 25.187], [56.355, 25.18], [56.361, 25.17], [56.365, 25.16],
      [56.368, 25.15], [56.37, 25.14], [56.371, 25.13], [56.37, 25.12], [56.368, 25.11], [56.365, 25.1], [56.363, 25.09],
      [56.36, 25.08], [56.356, 25.07], [56.35, 25.06], [56.34, 25.055], [56.33, 25.06], [56.32, 25.068], [56.31, 25.08],
      [56.304, 25.09], [56.3, 25.1], [56.295, 25.115], [56.29, 25.13], [56.288, 25.145], [56.29, 25.16], [56.294, 25.17],
    ]),
    hours: everyDay('06:00', '14:00'),
    etaMinutes: 40,
  },
  {
    id: 'ras-al-khaimah',
    name: 'Ras Al Khaimah city',
    emirate: 'RK',
    // Old town and Al Nakheel on both sides of the creek, Al Dhait, Khuzam and Al Juwais.
    polygon: ring([
      [55.88, 25.72], [55.893, 25.74], [55.91, 25.76], [55.92, 25.775], [55.93, 25.79], [55.935, 25.805], [55.94, 25.82],
      [55.95, 25.833], [55.96, 25.84], [55.975, 25.845], [55.99, 25.84], [56.001, 25.832], [56.01, 25.82], [56.016, 25.805],
      [56.02, 25.79], [56.026, 25.775], [56.03, 25.76], [56.027, 25.745], [56.02, 25.73], [56.011, 25.719], [56, 25.71],
      [55.985, 25.703], [55.97, 25.7], [55.955, 25.698], [55.94, 25.7], [55.925, 25.699], [55.91, 25.7], [55.894, 25.708],
    ]),
    hours: everyDay('16:00', '24:00'),
    etaMinutes: 45,
  },
];

export interface SeedStore {
  id: string;
  nameEn: string;
  nameAr: string;
  addressEn: string;
  addressAr: string;
  emirate: EmirateCode;
  lat: number;
  lng: number;
  hours: OpeningPeriod[];
}

const days = (list: readonly number[], opens: string, closes: string): OpeningPeriod[] => list.map((day) => ({ day, opens, closes }));
const SUN_THU = [0, 1, 2, 3, 4];
const FRI_SAT = [5, 6];
/** Mall hours: 10:00-22:00 Sunday to Thursday, 10:00-24:00 on the weekend. */
const MALL_HOURS = [...days(SUN_THU, '10:00', '22:00'), ...days(FRI_SAT, '10:00', '24:00')];

export const SEED_STORES: readonly SeedStore[] = [
  {
    id: 'dubai-mall',
    nameEn: 'The Dubai Mall',
    nameAr: 'دبي مول',
    addressEn: 'Lower Ground Floor, Financial Centre Road, Downtown Dubai',
    addressAr: 'الطابق السفلي، شارع المركز المالي، وسط مدينة دبي',
    emirate: 'DU',
    lat: 25.1972,
    lng: 55.2796,
    // Until 01:00 on weekend nights: Friday's and Saturday's late hours run past midnight.
    hours: [...days(SUN_THU, '10:00', '24:00'), ...days(FRI_SAT, '10:00', '24:00'), ...days([6, 0], '00:00', '01:00')],
  },
  {
    id: 'mall-of-the-emirates',
    nameEn: 'Mall of the Emirates',
    nameAr: 'مول الإمارات',
    addressEn: 'Level 1, Sheikh Zayed Road, Al Barsha 1, Dubai',
    addressAr: 'الطابق الأول، شارع الشيخ زايد، البرشاء 1، دبي',
    emirate: 'DU',
    lat: 25.1181,
    lng: 55.2003,
    hours: MALL_HOURS,
  },
  {
    id: 'dxb-terminal-3',
    nameEn: 'Dubai International Airport, Terminal 3',
    nameAr: 'مطار دبي الدولي، المبنى 3',
    addressEn: 'Arrivals Hall, Terminal 3, Dubai International Airport',
    addressAr: 'صالة الوصول، المبنى 3، مطار دبي الدولي',
    emirate: 'DU',
    lat: 25.2532,
    lng: 55.3657,
    hours: everyDay('00:00', '24:00'),
  },
  {
    id: 'abu-dhabi-mall',
    nameEn: 'Abu Dhabi Mall',
    nameAr: 'أبوظبي مول',
    addressEn: 'Level 1, 10th Street, Tourist Club Area, Abu Dhabi',
    addressAr: 'الطابق الأول، الشارع العاشر، منطقة النادي السياحي، أبوظبي',
    emirate: 'AZ',
    lat: 24.4959,
    lng: 54.3831,
    hours: MALL_HOURS,
  },
  {
    id: 'yas-mall',
    nameEn: 'Yas Mall',
    nameAr: 'ياس مول',
    addressEn: 'Ground Floor, Yas Island, Abu Dhabi',
    addressAr: 'الطابق الأرضي، جزيرة ياس، أبوظبي',
    emirate: 'AZ',
    lat: 24.4887,
    lng: 54.6075,
    hours: MALL_HOURS,
  },
  {
    id: 'sharjah-city-centre',
    nameEn: 'City Centre Sharjah',
    nameAr: 'سيتي سنتر الشارقة',
    addressEn: 'Al Wahda Street, Sharjah',
    addressAr: 'شارع الوحدة، الشارقة',
    emirate: 'SH',
    lat: 25.3256,
    lng: 55.4218,
    hours: MALL_HOURS,
  },
  {
    id: 'al-ain-mall',
    nameEn: 'Al Ain Mall',
    nameAr: 'العين مول',
    addressEn: 'Othman Bin Affan Street, Al Ain',
    addressAr: 'شارع عثمان بن عفان، العين',
    emirate: 'AZ',
    lat: 24.2217,
    lng: 55.7807,
    hours: MALL_HOURS,
  },
  {
    id: 'rak-mall',
    nameEn: 'RAK Mall',
    nameAr: 'رأس الخيمة مول',
    addressEn: 'Al Juwais, Ras Al Khaimah',
    addressAr: 'الجويس، رأس الخيمة',
    emirate: 'RK',
    lat: 25.7601,
    lng: 55.985,
    hours: MALL_HOURS,
  },
];
