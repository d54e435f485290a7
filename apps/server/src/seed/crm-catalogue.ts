// Reference data for the CRM generator (crm-generator.ts): grain markets (elevators) in the US and
// Canada, the towns their farmers live in, farm and family names, crop price levels and note texts.
// Everything here is plain data; the generator turns it into small lookup tables and lets PostgreSQL
// draw from them.

import { CROP_IDS } from '@granary/domain';

export type Country = 'USA' | 'CAN';

export type MarketSpec = {
  slug: string;
  /** null: the market is shown as 'city, state'. */
  displayName: string | null;
  city: string;
  state: string;
  country: Country;
  addressLine1: string;
  postalCode: string;
  timezone: string;
  phone: string;
  email?: string;
};

export type StateInfo = {
  country: Country;
  timezone: string;
  areaCodes: readonly number[];
  /** Towns the market's farmers live in (besides the market's own town). */
  towns: readonly string[];
  /** Crop mix of contracts and tickets at the state's markets: crop id → weight. */
  crops: Readonly<Record<number, number>>;
};

const C = CROP_IDS;

export const STATES: Readonly<Record<string, StateInfo>> = {
  IA: {
    country: 'USA', timezone: 'America/Chicago', areaCodes: [515, 319, 641, 712, 563],
    towns: ['Boone', 'Nevada', 'Story City', 'Jefferson', 'Clear Lake', 'Hampton', 'Garner', 'Webster City', 'Eagle Grove', 'Osage', 'Iowa Falls', 'Carroll'],
    crops: { [C.corn]: 56, [C.soybeans]: 40, [C.wheat]: 4 },
  },
  IL: {
    country: 'USA', timezone: 'America/Chicago', areaCodes: [217, 309, 815, 618],
    towns: ['Monticello', 'Clinton', 'Taylorville', 'Mt. Zion', 'Shelbyville', 'Pana', 'Tuscola', 'Arthur', 'Sullivan', 'Maroa', 'Lincoln', 'Pontiac'],
    crops: { [C.corn]: 50, [C.soybeans]: 38, [C.wheat]: 12 },
  },
  NE: {
    country: 'USA', timezone: 'America/Chicago', areaCodes: [308, 402],
    towns: ['Aurora', 'St. Paul', 'Wood River', 'Doniphan', 'Central City', 'Hastings', 'Kearney', 'Ravenna', 'Shelton', 'York', 'Minden', 'Holdrege'],
    crops: { [C.corn]: 55, [C.soybeans]: 30, [C.winterWheat]: 15 },
  },
  MN: {
    country: 'USA', timezone: 'America/Chicago', areaCodes: [507, 320, 218],
    towns: ['St. Peter', 'New Ulm', 'Redwood Falls', 'Fairmont', 'Windom', 'Tracy', 'Marshall', 'Willmar', 'Olivia', 'Springfield', 'Sleepy Eye', 'Lamberton'],
    crops: { [C.corn]: 45, [C.soybeans]: 40, [C.springWheat]: 15 },
  },
  IN: {
    country: 'USA', timezone: 'America/Indiana/Indianapolis', areaCodes: [765, 574],
    towns: ['Frankfort', 'Delphi', 'Monticello', 'Rensselaer', 'Crawfordsville', 'Attica', 'Lebanon', 'Tipton', 'Rossville', 'Flora', 'Remington', 'Kentland'],
    crops: { [C.corn]: 48, [C.soybeans]: 42, [C.wheat]: 10 },
  },
  OH: {
    country: 'USA', timezone: 'America/New_York', areaCodes: [419, 567, 937],
    towns: ['Findlay', 'Kenton', 'Bluffton', 'Ottawa', 'Tiffin', 'Bucyrus', 'Upper Sandusky', 'Carey', 'McComb', 'Arlington', 'Marion', 'Van Wert'],
    crops: { [C.corn]: 42, [C.soybeans]: 43, [C.wheat]: 15 },
  },
  KS: {
    country: 'USA', timezone: 'America/Chicago', areaCodes: [785, 620],
    towns: ['McPherson', 'Lindsborg', 'Abilene', 'Ellsworth', 'Lyons', 'Great Bend', 'Hutchinson', 'Kingman', 'Pratt', 'Larned', 'Kinsley', 'Garden City'],
    crops: { [C.corn]: 30, [C.soybeans]: 20, [C.winterWheat]: 50 },
  },
  SD: {
    country: 'USA', timezone: 'America/Chicago', areaCodes: [605],
    towns: ['Groton', 'Webster', 'Redfield', 'Ipswich', 'Britton', 'Mitchell', 'Huron', 'Miller', 'Parkston', 'Alexandria', 'Howard', 'Clark'],
    crops: { [C.corn]: 45, [C.soybeans]: 35, [C.springWheat]: 20 },
  },
  ND: {
    country: 'USA', timezone: 'America/Chicago', areaCodes: [701],
    towns: ['Carrington', 'Valley City', 'Oakes', 'LaMoure', 'Velva', 'Rugby', 'Towner', 'Mohall', 'Kenmare', 'Harvey', 'Cando', 'Langdon'],
    crops: { [C.springWheat]: 40, [C.soybeans]: 25, [C.corn]: 20, [C.canola]: 15 },
  },
  SK: {
    country: 'CAN', timezone: 'America/Regina', areaCodes: [306, 639],
    towns: ['Rosthern', 'Humboldt', 'Watrous', 'Outlook', 'Rosetown', 'Biggar', 'Wadena', 'Melfort', 'Kindersley', 'Davidson', 'Shaunavon', 'Gravelbourg', 'Melville', 'Canora', 'Weyburn', 'Estevan'],
    crops: { [C.canola]: 50, [C.springWheat]: 50 },
  },
  MB: {
    country: 'CAN', timezone: 'America/Winnipeg', areaCodes: [204, 431],
    towns: ['Souris', 'Virden', 'Neepawa', 'Minnedosa', 'Carberry', 'Killarney', 'Boissevain', 'Deloraine', 'Morden', 'Carman', 'Dauphin', 'Russell'],
    crops: { [C.canola]: 40, [C.springWheat]: 30, [C.soybeans]: 20, [C.corn]: 10 },
  },
  AB: {
    country: 'CAN', timezone: 'America/Edmonton', areaCodes: [403, 780, 587],
    towns: ['Taber', 'Vauxhall', 'Fort Macleod', 'Claresholm', 'Vulcan', 'Picture Butte', 'Lacombe', 'Ponoka', 'Olds', 'Innisfail', 'Wetaskiwin', 'Killam'],
    crops: { [C.canola]: 50, [C.springWheat]: 50 },
  },
};

function market(slug: string, displayName: string | null, city: string, state: string, addressLine1: string, postalCode: string, phone: string): MarketSpec {
  const info = STATES[state];
  if (!info) throw new Error(`unknown state ${state}`);
  return { slug, displayName, city, state, country: info.country, addressLine1, postalCode, timezone: info.timezone, phone };
}

/** Markets by slug; the demo and the benchmark pick from these. */
export const MARKET_CATALOGUE: readonly MarketSpec[] = [
  market('ames', 'Ames Elevator', 'Ames', 'IA', '2400 S Duff Ave', '50010', '(515) 555-0181'),
  market('decatur', 'Decatur Terminal', 'Decatur', 'IL', '1550 E Eldorado St', '62521', '(217) 555-0142'),
  market('grand-island', 'Grand Island', 'Grand Island', 'NE', '3520 W Old Potash Hwy', '68803', '(308) 555-0127'),
  market('mason-city', null, 'Mason City', 'IA', '1300 12th St SW', '50401', '(641) 555-0163'),
  market('saskatoon', 'Saskatoon Terminal', 'Saskatoon', 'SK', '3015 Miners Ave', 'S7K 4Z6', '(306) 555-0175'),
  market('brandon', 'Brandon', 'Brandon', 'MB', '1900 Middleton Ave', 'R7C 1A7', '(204) 555-0119'),
  market('swift-current', 'Swift Current', 'Swift Current', 'SK', '1800 S Service Rd W', 'S9H 3T1', '(306) 555-0150'),
  market('yorkton', null, 'Yorkton', 'SK', '95 Hwy 9 N', 'S3N 2V7', '(306) 555-0136'),
  market('fort-dodge', 'Fort Dodge', 'Fort Dodge', 'IA', '2101 Maple Dr', '50501', '(515) 555-0193'),
  market('bloomington', 'Bloomington', 'Bloomington', 'IL', '1402 W Oakland Ave', '61701', '(309) 555-0158'),
  market('kearney', 'Kearney', 'Kearney', 'NE', '4110 2nd Ave', '68847', '(308) 555-0110'),
  market('mankato', 'Mankato River Terminal', 'Mankato', 'MN', '1051 N Riverfront Dr', '56001', '(507) 555-0171'),
  market('lafayette', 'Lafayette', 'Lafayette', 'IN', '3700 Sagamore Pkwy N', '47904', '(765) 555-0133'),
  market('findlay', 'Findlay', 'Findlay', 'OH', '1200 Trenton Ave', '45840', '(419) 555-0145'),
  market('salina', 'Salina', 'Salina', 'KS', '740 N 9th St', '67401', '(785) 555-0129'),
  market('aberdeen', 'Aberdeen', 'Aberdeen', 'SD', '1801 8th Ave NE', '57401', '(605) 555-0162'),
  market('minot', 'Minot', 'Minot', 'ND', '2000 20th Ave SE', '58701', '(701) 555-0177'),
  market('regina', 'Regina', 'Regina', 'SK', '1100 Fleet St', 'S4N 5T2', '(306) 555-0188'),
  market('portage', 'Portage la Prairie', 'Portage la Prairie', 'MB', '80 Hwy 1A E', 'R1N 3B2', '(204) 555-0154'),
  market('lethbridge', 'Lethbridge', 'Lethbridge', 'AB', '4020 9th Ave N', 'T1H 6H3', '(403) 555-0166'),
  market('carroll', 'Carroll', 'Carroll', 'IA', '1610 N West St', '51401', '(712) 555-0121'),
  market('champaign', 'Champaign', 'Champaign', 'IL', '2500 N Market St', '61822', '(217) 555-0197'),
  market('norfolk', 'Norfolk', 'Norfolk', 'NE', '1200 E Omaha Ave', '68701', '(402) 555-0139'),
  market('marshall', 'Marshall', 'Marshall', 'MN', '1500 E College Dr', '56258', '(507) 555-0184'),
  market('frankfort', null, 'Frankfort', 'IN', '2450 W State Rd 28', '46041', '(765) 555-0112'),
  market('marion', 'Marion', 'Marion', 'OH', '1700 Harding Hwy E', '43302', '(740) 555-0147'),
  market('hutchinson', 'Hutchinson', 'Hutchinson', 'KS', '3101 E 4th Ave', '67501', '(620) 555-0165'),
  market('mitchell', 'Mitchell', 'Mitchell', 'SD', '1300 S Burr St', '57301', '(605) 555-0126'),
  market('jamestown', 'Jamestown', 'Jamestown', 'ND', '2210 8th Ave SW', '58401', '(701) 555-0131'),
  market('north-battleford', 'North Battleford', 'North Battleford', 'SK', '11402 Railway Ave E', 'S9A 3G8', '(306) 555-0143'),
  market('red-deer', 'Red Deer', 'Red Deer', 'AB', '7711 Edgar Industrial Dr', 'T4P 3R2', '(403) 555-0178'),
  market('spencer', 'Spencer', 'Spencer', 'IA', '1120 11th St SW', '51301', '(712) 555-0156'),
  market('galesburg', 'Galesburg', 'Galesburg', 'IL', '1680 Monmouth Blvd', '61401', '(309) 555-0118'),
  market('columbus', 'Columbus', 'Columbus', 'NE', '3500 E 23rd St', '68601', '(402) 555-0186'),
  market('worthington', 'Worthington', 'Worthington', 'MN', '1755 Oxford St', '56187', '(507) 555-0124'),
  market('dodge-city', 'Dodge City', 'Dodge City', 'KS', '11000 E Trail St', '67801', '(620) 555-0191'),
  market('moose-jaw', 'Moose Jaw', 'Moose Jaw', 'SK', '1650 Stadacona St W', 'S6H 7J9', '(306) 555-0115'),
  market('camrose', 'Camrose', 'Camrose', 'AB', '4710 39th St', 'T4V 2N7', '(780) 555-0149'),
  market('atlantic', 'Atlantic', 'Atlantic', 'IA', '1300 E 7th St', '50022', '(712) 555-0170'),
  market('hastings', 'Hastings', 'Hastings', 'NE', '1900 W J St', '68901', '(402) 555-0135'),
  market('willmar', 'Willmar', 'Willmar', 'MN', '2101 Hwy 12 E', '56201', '(320) 555-0168'),
  market('mattoon', 'Mattoon', 'Mattoon', 'IL', '3200 Dewitt Ave', '61938', '(217) 555-0103'),
];

export function catalogueMarket(slug: string): MarketSpec {
  const m = MARKET_CATALOGUE.find((x) => x.slug === slug);
  if (!m) throw new Error(`no market '${slug}' in the catalogue`);
  return m;
}

/** `count` markets from the catalogue in its order, with numbered copies past its end. */
export function catalogueMarkets(count: number): MarketSpec[] {
  return Array.from({ length: count }, (_, i) => {
    const base = MARKET_CATALOGUE[i % MARKET_CATALOGUE.length]!;
    const round = Math.floor(i / MARKET_CATALOGUE.length);
    if (round === 0) return base;
    const n = round + 1;
    return { ...base, slug: `${base.slug}-${n}`, displayName: `${base.displayName ?? base.city} ${n}` };
  });
}

// -------------------------------------------------------------------------------------------------
// Crops: price levels and delivery characteristics

export type CropParams = {
  cropId: number;
  /** Nearby futures level in dollars per bushel around which the generated market moves. */
  futures: number;
  /** Phase of the generated price cycle, so crops do not move in step. */
  phase: number;
  /** Listed futures months (1–12). */
  futuresMonths: readonly number[];
  /** Contract quantities are multiples of this many bushels, between min and max. */
  quantityUnit: number;
  quantityMin: number;
  quantityMax: number;
  /** A typical truck load, bushels. */
  loadBushels: number;
  poundsPerBushel: number;
  moisture: readonly [number, number];
  /** Moisture the grain is bought at (above it, shrink). */
  standardMoisture: number;
  testWeight: readonly [number, number];
  /** Basis range in dollars per bushel, by country. */
  basis: Readonly<Record<Country, readonly [number, number]>>;
  /** Yields farmers talk about, bushels per acre. */
  yields: readonly [number, number];
};

export const CROP_PARAMS: readonly CropParams[] = [
  {
    cropId: C.corn, futures: 4.45, phase: 0, futuresMonths: [3, 5, 7, 9, 12],
    quantityUnit: 1000, quantityMin: 1000, quantityMax: 15000, loadBushels: 1000, poundsPerBushel: 56,
    moisture: [14.5, 21.5], standardMoisture: 15, testWeight: [54, 59.5],
    basis: { USA: [-0.55, -0.1], CAN: [-0.95, -0.45] },
    yields: [165, 235],
  },
  {
    cropId: C.soybeans, futures: 10.45, phase: 1.3, futuresMonths: [1, 3, 5, 7, 8, 9, 11],
    quantityUnit: 500, quantityMin: 500, quantityMax: 8000, loadBushels: 900, poundsPerBushel: 60,
    moisture: [10, 14], standardMoisture: 13, testWeight: [54, 58],
    basis: { USA: [-0.9, -0.35], CAN: [-1.45, -0.85] },
    yields: [48, 68],
  },
  {
    cropId: C.wheat, futures: 5.55, phase: 2.1, futuresMonths: [3, 5, 7, 9, 12],
    quantityUnit: 500, quantityMin: 500, quantityMax: 8000, loadBushels: 900, poundsPerBushel: 60,
    moisture: [11, 14.5], standardMoisture: 13.5, testWeight: [57, 62],
    basis: { USA: [-0.8, -0.25], CAN: [-1.6, -0.9] },
    yields: [60, 85],
  },
  {
    cropId: C.winterWheat, futures: 5.45, phase: 2.5, futuresMonths: [3, 5, 7, 9, 12],
    quantityUnit: 500, quantityMin: 500, quantityMax: 8000, loadBushels: 900, poundsPerBushel: 60,
    moisture: [10.5, 14], standardMoisture: 13.5, testWeight: [58, 63],
    basis: { USA: [-0.85, -0.3], CAN: [-1.6, -0.9] },
    yields: [45, 70],
  },
  {
    cropId: C.springWheat, futures: 6.05, phase: 2.9, futuresMonths: [3, 5, 7, 9, 12],
    quantityUnit: 500, quantityMin: 500, quantityMax: 8000, loadBushels: 1000, poundsPerBushel: 60,
    moisture: [11, 14.5], standardMoisture: 13.5, testWeight: [58, 63],
    basis: { USA: [-0.9, -0.35], CAN: [-1.95, -1.15] },
    yields: [45, 70],
  },
  {
    cropId: C.canola, futures: 14.6, phase: 0.7, futuresMonths: [1, 3, 5, 7, 11],
    quantityUnit: 500, quantityMin: 1000, quantityMax: 10000, loadBushels: 1400, poundsPerBushel: 50,
    moisture: [7, 10.5], standardMoisture: 10, testWeight: [49, 52],
    basis: { USA: [-0.6, 0.1], CAN: [-0.7, 0.35] },
    yields: [38, 56],
  },
];

// -------------------------------------------------------------------------------------------------
// Names

export const US_SURNAMES = [
  'Anderson', 'Johnson', 'Schmidt', 'Kowalski', 'Miller', 'Hoffman', 'Jensen', 'Peterson', 'Nelson', 'Larson',
  'Olson', 'Vander Wal', 'Vermeer', 'De Jong', 'Schroeder', 'Weber', 'Meyer', 'Koch', 'Becker', 'Wagner',
  'Hansen', 'Christensen', 'Novak', 'Dvorak', 'Svoboda', "O'Brien", 'Murphy', 'Sullivan', 'Brandt', 'Kruse',
  'Lange', 'Ritter', 'Stoltzfus', 'Yoder', 'Hershberger', 'Zimmerman', 'Schultz', 'Krueger', 'Bauer', 'Klein',
  'Frank', 'Pohl', 'Wolf', 'Roth', 'Richter', 'Graham', 'Thompson', 'Davis', 'Wilson', 'Clark',
  'Lewis', 'Walker', 'Hall', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker',
  'Adams', 'Campbell', 'Evans', 'Mitchell', 'Carlson', 'Gustafson', 'Lindquist', 'Berg', 'Sorensen', 'Rasmussen',
  'Mortensen', 'Hinrichs', 'Janssen', 'Bruns', 'Ehlers', 'Vogel', 'Fischer', 'Hartmann', 'Huber', 'Kaiser',
  'Keller', 'Kuhn', 'Lehmann', 'Neumann', 'Schwartz', 'Steiner', 'Vos', 'Boer', 'Van Zee', 'Sikkema',
  'Tjaden', 'Wessels', 'Ostrowski', 'Nowak', 'Wisniewski', 'Lewandowski', 'Kaminski', 'Jablonski', 'Malone', 'Reinke',
  'Thiele', 'Hagen', 'Moe', 'Bakken', 'Halverson', 'Strand', 'Ruud', 'Hendricks', 'Brinkman', 'Wendt',
];

export const CA_SURNAMES = [
  'Friesen', 'Penner', 'Thiessen', 'Dueck', 'Wiebe', 'Klassen', 'Enns', 'Giesbrecht', 'Neufeld', 'Reimer',
  'Kowalchuk', 'Hrycak', 'Melnyk', 'Shevchenko', 'Boychuk', 'Kozak', 'Lavallee', 'Gagnon', 'Tremblay', 'Bouchard',
  'Fontaine', 'Olson', 'Johnson', 'Anderson', 'MacDonald', 'McLeod', 'Campbell', 'Fraser', 'Stewart', 'Ross',
  'Sinclair', 'Gibson', 'Hamilton', 'Bergen', 'Derksen', 'Funk', 'Harder', 'Janzen', 'Loewen', 'Martens',
  'Peters', 'Toews', 'Unger', 'Warkentin', 'Zacharias', 'Schmidt', 'Wagner', 'Kraus', 'Sawatzky', 'Hiebert',
  'Froese', 'Rempel', 'Epp', 'Isaak', 'Dyck', 'Fehr', 'Braun', 'Dahl', 'Nygaard', 'Halvorson',
  'Lindgren', 'Sveinson', 'Gudmundson', 'Magnusson', 'Kristjanson', 'Bjornson', 'Sigurdson', 'Wozniak', 'Pawlak', 'Zielinski',
  'Lesyk', 'Romanyshyn', 'Wasylyshyn', 'Yaremko', 'Petrenko', 'Stefaniuk', 'Holowaychuk', 'Morin', 'Belanger', 'Paquette',
  'McKenzie', 'Robertson', 'Cameron', 'Grant', 'Munro', 'Keller', 'Hoffer', 'Wurz', 'Kleinsasser', 'Tschetter',
];

export const FIRST_NAMES = [
  'Ronald', 'Dale', 'Gary', 'Larry', 'Dennis', 'Duane', 'Kevin', 'Brian', 'Mark', 'Steve',
  'Jeff', 'Mike', 'Tom', 'Bill', 'Jim', 'Dave', 'Randy', 'Doug', 'Craig', 'Brent',
  'Kyle', 'Travis', 'Jason', 'Ryan', 'Tyler', 'Cody', 'Brandon', 'Justin', 'Luke', 'Nathan',
  'Mary', 'Linda', 'Karen', 'Susan', 'Deb', 'Julie', 'Lisa', 'Amy', 'Sarah', 'Jessica',
  'Emily', 'Katie', 'Wade', 'Curtis', 'Darcy', 'Lorne', 'Murray', 'Brett', 'Shane', 'Trent',
  'Kelly', 'Marlene', 'Donna', 'Shelley', 'Glen', 'Wayne', 'Roger', 'Keith', 'Neil', 'Carl',
];

/** Farm place names (US). */
export const US_PLACES = [
  'Heartland', 'Prairie View', 'Cedar Creek', 'Willow Bend', 'Rolling Hills', 'Maple Ridge', 'Sunrise', 'Golden Valley',
  'Twin Oaks', 'Meadowlark', 'Deer Run', 'Stony Point', 'Elm Grove', 'Clear Creek', 'Pleasant Valley', 'Oak Hollow',
  'Red Barn', 'Timber Ridge', 'Hickory Hill', 'North Star', 'Bluestem', 'Walnut Grove', 'River Bend', 'Sycamore',
];

/** Farm place names (Canadian prairies). */
export const CA_PLACES = [
  'Wheatland', 'Big Sky', 'Aspen Grove', 'Coteau Hills', "Qu'Appelle Valley", 'Prairie Rose', 'Northern Lights', 'Cypress Hills',
  'Willow Creek', 'Red River', 'Souris Valley', 'Sunny Acres', 'Golden West', 'Spring Creek', 'Silver Lake', 'Bow River',
];

export const CONTACT_ROLES = ['Spouse', 'Farm manager', 'Bookkeeper', 'Son', 'Daughter', 'Partner', 'Hired man', 'Accountant'];

export const MP_OPTIONS = ['Premium 10¢', 'Seasonal high', 'Average price', 'Re-own with calls'];

export const CONTRACT_DESCRIPTIONS = [
  'Harvest delivery',
  'FOB farm, our trucking',
  'Delivered to the elevator',
  'Deferred payment to January',
  'Priced off the board at the close',
  'Split delivery between two bins',
  'Rolled once; see amendments',
  'Target offer filled overnight',
];

export const SPECIALTIES: Readonly<Record<number, readonly string[]>> = {
  [C.corn]: ['Non-GMO', 'Food grade', 'White corn'],
  [C.soybeans]: ['Non-GMO', 'High oleic', 'Food grade'],
  [C.canola]: ['Identity preserved'],
};

// -------------------------------------------------------------------------------------------------
// Notes and follow-ups. Placeholders: {crop} ({Crop} at the start of a sentence) {qty} {month} {price} {yield}.

export const NOTE_TEMPLATES: Readonly<Record<string, readonly string[]>> = {
  inbound_call: [
    'Called in for the {crop} bid. Wants to sell {qty} bu if cash gets to ${price}.',
    'Called about hauling {crop} next week; asked whether the {month} delivery window can start early.',
    'Asked where last week\'s settlements were. Sent copies of the scale tickets.',
    'Wants to roll the HTA on {qty} bu of {crop} to the next futures month. Sent him the spread.',
    'Called to set the basis on {qty} bu of {crop}. Done at the morning bid.',
    'Asked about storage charges and DP rates for {crop} this fall.',
    'Called to cancel the evening offer; wants to wait for the USDA report.',
    'Asked for a copy of the {month} contract for the lender.',
  ],
  outbound_call: [
    'Called to say {crop} basis firmed 5¢ today. Thinking about selling {qty} bu.',
    'Left a voicemail about the unsigned contract; will text tomorrow.',
    'Reminded them the {month} delivery window closes at month end; {qty} bu still open.',
    'Talked through the pricing program for next year\'s {crop}.',
    'Called about the minimum price contract: the call is in the money and expires soon.',
    'Checked on harvest: {crop} yields running about {yield} bu/ac, better than expected.',
    'Offered ${price} spot for {crop} delivered this week. Will call back after lunch.',
    'Called about unapplied tickets from last week; wants them on the open contract.',
  ],
  farm_visit: [
    'Farm visit: about {qty} bu of {crop} still in the bins. Plans to market it in the spring.',
    'Stopped by during harvest. {Crop} yields around {yield} bu/ac. Talked storage.',
    'Visited with the family; the son is taking over marketing decisions.',
    'Farm visit: saw the new dryer. Drying capacity roughly doubles this year.',
    'Reviewed the marketing plan at the kitchen table: about 40% of expected {crop} is sold.',
    'Farm visit with the agronomist; interested in a {month} delivery contract.',
  ],
  meeting: [
    'Marketing meeting: set targets for {qty} bu of {crop} at ${price}.',
    'Grower meeting at the elevator; interested in the pricing program and e-sign.',
    'Met with their lender about the marketing plan and the contracts on the books.',
    'Winter outlook meeting. Wants offers in at ${price} for {month}.',
    'Year-end review: {qty} bu contracted, asked about basis for next {month}.',
  ],
  office_visit: [
    'Came in to sign the {crop} contract and pick up settlement checks.',
    'Stopped at the office to update the ACH banking details.',
    'Dropped off the W-9 and asked to e-sign contracts from now on.',
    'Came by with questions on moisture discounts on the {month} {crop} loads.',
    'In the office for coffee; asked for the {crop} bid sheet for {month}.',
  ],
  other: [
    'Sent the weekly market outlook.',
    'Texted the morning {crop} bid: ${price}.',
    'E-mailed the year-end contract statement.',
    'Updated the farm\'s acreage after the spring plan: {qty} bu of {crop} expected.',
    'Mailed the {month} contract confirmation.',
  ],
};

export const FOLLOWUP_TEMPLATES = [
  'Call back about the {crop} target at ${price}',
  'Follow up on the unsigned {crop} contract',
  'Check whether the {month} loads were hauled',
  'Send the pricing program paperwork',
  'Confirm the basis for {qty} bu of {crop}',
  'Schedule a farm visit before harvest',
  'Call after the USDA report',
  'Get the updated ACH form',
  'Offer {qty} bu of {crop} for {month} delivery',
  'Remind them the option expires in {month}',
];
