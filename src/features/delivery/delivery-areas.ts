import type { Language } from '@/lib/locale';
import { deliveryCountryNames, nameIn, type AreaName } from './delivery-countries';

/*
 * Where the shop delivers: countries (ISO 3166-1 alpha-2) with their states or provinces (ISO 3166-2
 * codes without the country prefix). Names stay in English or their own language, except where a
 * Chinese reader expects Chinese.
 */

type Area = { code: string; name: AreaName };

const countryName = (code: string) => deliveryCountryNames.find((country) => country.code === code)!.name;
export type DeliveryCountry = Area & { zipCode: RegExp; states: Area[] };

const areas = (entries: [code: string, name: AreaName][]): Area[] => entries.map(([code, name]) => ({ code, name }));

export const deliveryCountries: DeliveryCountry[] = [
  {
    code: 'US',
    name: countryName('US'),
    zipCode: /^\d{5}(-\d{4})?$/,
    states: areas([
      ['AL', 'Alabama'],
      ['AK', 'Alaska'],
      ['AZ', 'Arizona'],
      ['AR', 'Arkansas'],
      ['CA', 'California'],
      ['CO', 'Colorado'],
      ['CT', 'Connecticut'],
      ['DE', 'Delaware'],
      ['DC', 'District of Columbia'],
      ['FL', 'Florida'],
      ['GA', 'Georgia'],
      ['HI', 'Hawaii'],
      ['ID', 'Idaho'],
      ['IL', 'Illinois'],
      ['IN', 'Indiana'],
      ['IA', 'Iowa'],
      ['KS', 'Kansas'],
      ['KY', 'Kentucky'],
      ['LA', 'Louisiana'],
      ['ME', 'Maine'],
      ['MD', 'Maryland'],
      ['MA', 'Massachusetts'],
      ['MI', 'Michigan'],
      ['MN', 'Minnesota'],
      ['MS', 'Mississippi'],
      ['MO', 'Missouri'],
      ['MT', 'Montana'],
      ['NE', 'Nebraska'],
      ['NV', 'Nevada'],
      ['NH', 'New Hampshire'],
      ['NJ', 'New Jersey'],
      ['NM', 'New Mexico'],
      ['NY', 'New York'],
      ['NC', 'North Carolina'],
      ['ND', 'North Dakota'],
      ['OH', 'Ohio'],
      ['OK', 'Oklahoma'],
      ['OR', 'Oregon'],
      ['PA', 'Pennsylvania'],
      ['RI', 'Rhode Island'],
      ['SC', 'South Carolina'],
      ['SD', 'South Dakota'],
      ['TN', 'Tennessee'],
      ['TX', 'Texas'],
      ['UT', 'Utah'],
      ['VT', 'Vermont'],
      ['VA', 'Virginia'],
      ['WA', 'Washington'],
      ['WV', 'West Virginia'],
      ['WI', 'Wisconsin'],
      ['WY', 'Wyoming'],
    ]),
  },
  {
    code: 'MY',
    name: countryName('MY'),
    zipCode: /^\d{5}$/,
    states: areas([
      ['01', 'Johor'],
      ['02', 'Kedah'],
      ['03', 'Kelantan'],
      ['04', 'Melaka'],
      ['05', 'Negeri Sembilan'],
      ['06', 'Pahang'],
      ['07', 'Pulau Pinang'],
      ['08', 'Perak'],
      ['09', 'Perlis'],
      ['10', 'Selangor'],
      ['11', 'Terengganu'],
      ['12', 'Sabah'],
      ['13', 'Sarawak'],
      ['14', 'Wilayah Persekutuan Kuala Lumpur'],
      ['15', 'Wilayah Persekutuan Labuan'],
      ['16', 'Wilayah Persekutuan Putrajaya'],
    ]),
  },
  {
    code: 'CN',
    name: countryName('CN'),
    zipCode: /^\d{6}$/,
    states: areas([
      ['BJ', { EN: 'Beijing', ZH: '北京' }],
      ['TJ', { EN: 'Tianjin', ZH: '天津' }],
      ['HE', { EN: 'Hebei', ZH: '河北' }],
      ['SX', { EN: 'Shanxi', ZH: '山西' }],
      ['NM', { EN: 'Inner Mongolia', ZH: '内蒙古' }],
      ['LN', { EN: 'Liaoning', ZH: '辽宁' }],
      ['JL', { EN: 'Jilin', ZH: '吉林' }],
      ['HL', { EN: 'Heilongjiang', ZH: '黑龙江' }],
      ['SH', { EN: 'Shanghai', ZH: '上海' }],
      ['JS', { EN: 'Jiangsu', ZH: '江苏' }],
      ['ZJ', { EN: 'Zhejiang', ZH: '浙江' }],
      ['AH', { EN: 'Anhui', ZH: '安徽' }],
      ['FJ', { EN: 'Fujian', ZH: '福建' }],
      ['JX', { EN: 'Jiangxi', ZH: '江西' }],
      ['SD', { EN: 'Shandong', ZH: '山东' }],
      ['HA', { EN: 'Henan', ZH: '河南' }],
      ['HB', { EN: 'Hubei', ZH: '湖北' }],
      ['HN', { EN: 'Hunan', ZH: '湖南' }],
      ['GD', { EN: 'Guangdong', ZH: '广东' }],
      ['GX', { EN: 'Guangxi', ZH: '广西' }],
      ['HI', { EN: 'Hainan', ZH: '海南' }],
      ['CQ', { EN: 'Chongqing', ZH: '重庆' }],
      ['SC', { EN: 'Sichuan', ZH: '四川' }],
      ['GZ', { EN: 'Guizhou', ZH: '贵州' }],
      ['YN', { EN: 'Yunnan', ZH: '云南' }],
      ['XZ', { EN: 'Xizang', ZH: '西藏' }],
      ['SN', { EN: 'Shaanxi', ZH: '陕西' }],
      ['GS', { EN: 'Gansu', ZH: '甘肃' }],
      ['QH', { EN: 'Qinghai', ZH: '青海' }],
      ['NX', { EN: 'Ningxia', ZH: '宁夏' }],
      ['XJ', { EN: 'Xinjiang', ZH: '新疆' }],
    ]),
  },
];

export { nameIn };

export const findCountry = (code: string) => deliveryCountries.find((country) => country.code === code);
export const findState = (country: DeliveryCountry, code: string) =>
  country.states.find((state) => state.code === code);

/** The names of an address's country and state in `language`; unknown codes show as they are. */
export function areaNames(countryCode: string, stateCode: string, language: Language) {
  const country = findCountry(countryCode);
  const state = country && findState(country, stateCode);
  return {
    countryName: country ? nameIn(country.name, language) : countryCode,
    stateName: state ? nameIn(state.name, language) : stateCode,
  };
}
