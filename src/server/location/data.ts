/**
 * Countries offered in the language settings, with their states where the product asks for one.
 * Japan's states are its 47 prefectures, coded '01'..'47' (Hokkaido to Okinawa) as the spec says.
 */

export interface Named {
  isoCode: string;
  name: { ja: string; en: string };
}

const JP_PREFECTURES: ReadonlyArray<readonly [string, string]> = [
  ['北海道', 'Hokkaido'],
  ['青森県', 'Aomori'],
  ['岩手県', 'Iwate'],
  ['宮城県', 'Miyagi'],
  ['秋田県', 'Akita'],
  ['山形県', 'Yamagata'],
  ['福島県', 'Fukushima'],
  ['茨城県', 'Ibaraki'],
  ['栃木県', 'Tochigi'],
  ['群馬県', 'Gunma'],
  ['埼玉県', 'Saitama'],
  ['千葉県', 'Chiba'],
  ['東京都', 'Tokyo'],
  ['神奈川県', 'Kanagawa'],
  ['新潟県', 'Niigata'],
  ['富山県', 'Toyama'],
  ['石川県', 'Ishikawa'],
  ['福井県', 'Fukui'],
  ['山梨県', 'Yamanashi'],
  ['長野県', 'Nagano'],
  ['岐阜県', 'Gifu'],
  ['静岡県', 'Shizuoka'],
  ['愛知県', 'Aichi'],
  ['三重県', 'Mie'],
  ['滋賀県', 'Shiga'],
  ['京都府', 'Kyoto'],
  ['大阪府', 'Osaka'],
  ['兵庫県', 'Hyogo'],
  ['奈良県', 'Nara'],
  ['和歌山県', 'Wakayama'],
  ['鳥取県', 'Tottori'],
  ['島根県', 'Shimane'],
  ['岡山県', 'Okayama'],
  ['広島県', 'Hiroshima'],
  ['山口県', 'Yamaguchi'],
  ['徳島県', 'Tokushima'],
  ['香川県', 'Kagawa'],
  ['愛媛県', 'Ehime'],
  ['高知県', 'Kochi'],
  ['福岡県', 'Fukuoka'],
  ['佐賀県', 'Saga'],
  ['長崎県', 'Nagasaki'],
  ['熊本県', 'Kumamoto'],
  ['大分県', 'Oita'],
  ['宮崎県', 'Miyazaki'],
  ['鹿児島県', 'Kagoshima'],
  ['沖縄県', 'Okinawa'],
];

const US_STATES: ReadonlyArray<readonly [string, string]> = [
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
];

const CA_PROVINCES: ReadonlyArray<readonly [string, string]> = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

const AU_STATES: ReadonlyArray<readonly [string, string]> = [
  ['ACT', 'Australian Capital Territory'],
  ['NSW', 'New South Wales'],
  ['NT', 'Northern Territory'],
  ['QLD', 'Queensland'],
  ['SA', 'South Australia'],
  ['TAS', 'Tasmania'],
  ['VIC', 'Victoria'],
  ['WA', 'Western Australia'],
];

const english = (list: ReadonlyArray<readonly [string, string]>): Named[] =>
  list.map(([isoCode, name]) => ({ isoCode, name: { ja: name, en: name } }));

export const COUNTRIES: readonly Named[] = [
  { isoCode: 'JP', name: { ja: '日本', en: 'Japan' } },
  { isoCode: 'US', name: { ja: 'アメリカ合衆国', en: 'United States' } },
  { isoCode: 'GB', name: { ja: 'イギリス', en: 'United Kingdom' } },
  { isoCode: 'CN', name: { ja: '中国', en: 'China' } },
  { isoCode: 'KR', name: { ja: '韓国', en: 'South Korea' } },
  { isoCode: 'TW', name: { ja: '台湾', en: 'Taiwan' } },
  { isoCode: 'HK', name: { ja: '香港', en: 'Hong Kong' } },
  { isoCode: 'AU', name: { ja: 'オーストラリア', en: 'Australia' } },
  { isoCode: 'NZ', name: { ja: 'ニュージーランド', en: 'New Zealand' } },
  { isoCode: 'CA', name: { ja: 'カナダ', en: 'Canada' } },
  { isoCode: 'FR', name: { ja: 'フランス', en: 'France' } },
  { isoCode: 'DE', name: { ja: 'ドイツ', en: 'Germany' } },
  { isoCode: 'IT', name: { ja: 'イタリア', en: 'Italy' } },
  { isoCode: 'ES', name: { ja: 'スペイン', en: 'Spain' } },
  { isoCode: 'SG', name: { ja: 'シンガポール', en: 'Singapore' } },
  { isoCode: 'TH', name: { ja: 'タイ', en: 'Thailand' } },
  { isoCode: 'VN', name: { ja: 'ベトナム', en: 'Vietnam' } },
  { isoCode: 'PH', name: { ja: 'フィリピン', en: 'Philippines' } },
  { isoCode: 'MY', name: { ja: 'マレーシア', en: 'Malaysia' } },
  { isoCode: 'ID', name: { ja: 'インドネシア', en: 'Indonesia' } },
  { isoCode: 'IN', name: { ja: 'インド', en: 'India' } },
  { isoCode: 'BR', name: { ja: 'ブラジル', en: 'Brazil' } },
];

export const STATES: Readonly<Record<string, readonly Named[]>> = {
  JP: JP_PREFECTURES.map(([ja, en], i) => ({
    isoCode: String(i + 1).padStart(2, '0'),
    name: { ja, en },
  })),
  US: english(US_STATES),
  CA: english(CA_PROVINCES),
  AU: english(AU_STATES),
};

export const isKnownCountry = (code: string): boolean => COUNTRIES.some((c) => c.isoCode === code);
export const hasStates = (country: string): boolean => (STATES[country]?.length ?? 0) > 0;
export const isKnownState = (country: string, state: string): boolean =>
  STATES[country]?.some((s) => s.isoCode === state) ?? false;
