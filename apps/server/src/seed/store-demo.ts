// The store's demo catalogue (issue 6): the house store and three marketplace sellers, the category tree, four
// warehouses, active ingredients and pests, and a few hundred products with pack sizes, prices in USD and CAD,
// stock per warehouse, documents and SVG images. Deterministic: a seeded random generator, so the same size and
// seed give the same catalogue. The benchmark (bench/store-search.bench.ts) uses the same generator at 100,000.

import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../platform/db.ts';
import {
  storeCategories,
  storeDocuments,
  storeImages,
  storeIngredients,
  storePests,
  storeProductIngredients,
  storeProductPests,
  storeProducts,
  storeSellers,
  storeStock,
  storeVariantPrices,
  storeVariants,
  storeWarehouses,
} from '../db/schema/index.ts';
import { refreshProductRegions, refreshSearchDocuments } from '../modules/store-catalog/store-catalog.repo.ts';

export type StoreSeedOptions = {
  /** Products to make: 'full' ≈ 320 (npm start), 'small' ≈ 90 (server tests), or a number (the benchmark). */
  size?: 'full' | 'small' | number;
  seed?: number;
  /** SVG images (default true; the benchmark leaves them out). */
  images?: boolean;
  /** Rows per INSERT. */
  batch?: number;
};

/** A small, fast, seeded generator (mulberry32). */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------
// Reference data

const STORE_SELLERS = [
  {
    slug: 'house',
    name: 'Direct Store',
    kind: 'house' as const,
    location: 'Ames, IA',
    rating: '4.80',
    description: 'Our own store: crop protection, seed, nutrition and animal health shipped from our warehouses.',
  },
  {
    slug: 'prairie-ag-supply',
    name: 'Prairie Ag Supply Co.',
    kind: 'marketplace' as const,
    location: 'Sioux Falls, SD',
    rating: '4.60',
    description: 'Family-run farm supply since 1978: fencing, sprayer parts, tanks and ranch tools.',
  },
  {
    slug: 'hoof-and-horn',
    name: 'Hoof & Horn Animal Health',
    kind: 'marketplace' as const,
    location: 'Amarillo, TX',
    rating: '4.70',
    description: 'Vaccines, dewormers and supplements for cattle, horses and small ruminants, shipped cold.',
  },
  {
    slug: 'greenline-seed',
    name: 'Greenline Seed Co.',
    kind: 'marketplace' as const,
    location: 'Brookings, SD',
    rating: '4.50',
    description: 'Cover crop, forage and pasture seed mixes, cleaned and tested on our farm.',
  },
];

const STORE_WAREHOUSES = [
  {
    code: 'AMS',
    name: 'Ames distribution center',
    country: 'USA' as const,
    region: 'IA',
    city: 'Ames',
    addressLine1: '2100 Southeast 5th Street',
    postalCode: '50010',
  },
  {
    code: 'DEC',
    name: 'Decatur warehouse',
    country: 'USA' as const,
    region: 'IL',
    city: 'Decatur',
    addressLine1: '480 North Brush College Road',
    postalCode: '62521',
  },
  {
    code: 'FSD',
    name: 'Sioux Falls warehouse',
    country: 'USA' as const,
    region: 'SD',
    city: 'Sioux Falls',
    addressLine1: '1601 North Cliff Avenue',
    postalCode: '57103',
  },
  {
    code: 'SKS',
    name: 'Saskatoon warehouse',
    country: 'CAN' as const,
    region: 'SK',
    city: 'Saskatoon',
    addressLine1: '3015 Millar Avenue',
    postalCode: 'S7K 6P6',
  },
];

type Cat = { path: string; name: string; productCategory: string; description?: string; featured?: boolean };

const STORE_CATEGORY_TREE: Cat[] = [
  {
    path: 'crop-protection',
    name: 'Crop Protection',
    productCategory: 'chemical',
    featured: true,
    description: 'Herbicides, fungicides, insecticides and adjuvants with labels and safety data sheets.',
  },
  { path: 'crop-protection/herbicides', name: 'Herbicides', productCategory: 'chemical' },
  { path: 'crop-protection/herbicides/pre-emergence', name: 'Pre-emergence', productCategory: 'chemical' },
  { path: 'crop-protection/herbicides/post-emergence', name: 'Post-emergence', productCategory: 'chemical' },
  { path: 'crop-protection/herbicides/burndown', name: 'Burndown', productCategory: 'chemical' },
  { path: 'crop-protection/fungicides', name: 'Fungicides', productCategory: 'chemical' },
  { path: 'crop-protection/insecticides', name: 'Insecticides', productCategory: 'chemical' },
  { path: 'crop-protection/adjuvants', name: 'Adjuvants', productCategory: 'chemical' },
  { path: 'crop-protection/co-packs', name: 'Co-packs', productCategory: 'chemical' },
  {
    path: 'seed',
    name: 'Seed',
    productCategory: 'seed',
    featured: true,
    description: 'Corn, soybean, wheat, canola and cover crop seed, treated and untreated.',
  },
  { path: 'seed/corn', name: 'Corn', productCategory: 'seed' },
  { path: 'seed/soybeans', name: 'Soybeans', productCategory: 'seed' },
  { path: 'seed/wheat', name: 'Wheat', productCategory: 'seed' },
  { path: 'seed/canola', name: 'Canola', productCategory: 'seed' },
  { path: 'seed/cover-crops', name: 'Cover crops', productCategory: 'seed' },
  {
    path: 'crop-nutrition',
    name: 'Crop Nutrition',
    productCategory: 'liquid_fertilizer',
    featured: true,
    description: 'Liquid fertilizer, micronutrients, biologicals and inoculants.',
  },
  { path: 'crop-nutrition/liquid-fertilizer', name: 'Liquid fertilizer', productCategory: 'liquid_fertilizer' },
  { path: 'crop-nutrition/micronutrients', name: 'Micronutrients', productCategory: 'liquid_fertilizer' },
  { path: 'crop-nutrition/biologicals', name: 'Biologicals', productCategory: 'liquid_fertilizer' },
  { path: 'crop-nutrition/inoculants', name: 'Inoculants', productCategory: 'liquid_fertilizer' },
  {
    path: 'fertilizer-and-nutrition',
    name: 'Fertilizer & Nutrition',
    productCategory: 'liquid_fertilizer',
    description: 'Dry fertilizer blends and soil amendments by the bag and the tote.',
  },
  { path: 'fertilizer-and-nutrition/dry-fertilizer', name: 'Dry fertilizer', productCategory: 'liquid_fertilizer' },
  {
    path: 'animal-health',
    name: 'Animal Health',
    productCategory: 'animal_health',
    featured: true,
    description: 'Vaccines, dewormers, antibiotics and pour-ons for cattle, horses and more.',
  },
  { path: 'animal-health/dewormers', name: 'Dewormers & parasite control', productCategory: 'animal_health' },
  { path: 'animal-health/antibiotics', name: 'Antibiotics', productCategory: 'animal_health' },
  { path: 'animal-health/vaccines', name: 'Vaccines', productCategory: 'animal_health' },
  {
    path: 'beef-cattle',
    name: 'Beef Cattle',
    productCategory: 'animal_health',
    description: 'Minerals, fly control and supplies for the cow-calf herd.',
  },
  {
    path: 'feed',
    name: 'Feed',
    productCategory: 'feed',
    featured: true,
    description: 'Complete feeds, supplements and mineral for livestock.',
  },
  { path: 'feed/cattle-feed', name: 'Cattle feed', productCategory: 'feed' },
  { path: 'feed/minerals', name: 'Minerals & supplements', productCategory: 'feed' },
  {
    path: 'dry-feed',
    name: 'Dry Feed',
    productCategory: 'dry_feed',
    description: 'Bagged dry feed for poultry, swine and sheep.',
  },
  {
    path: 'livestock',
    name: 'Livestock',
    productCategory: 'animal_health',
    description: 'Handling, identification and care for the herd.',
  },
  {
    path: 'pets-and-equine',
    name: 'Pets & Equine',
    productCategory: 'animal_health',
    description: 'Horse and farm dog health and nutrition.',
  },
  {
    path: 'range-and-pasture',
    name: 'Range & Pasture',
    productCategory: 'chemical',
    description: 'Pasture herbicides and range grass seed.',
  },
  {
    path: 'supplies',
    name: 'Supplies',
    productCategory: 'unknown',
    featured: true,
    description: 'Sprayer parts, tanks, PPE and shop supplies.',
  },
  {
    path: 'farm-and-ranch',
    name: 'Farm & Ranch',
    productCategory: 'unknown',
    description: 'Fencing, gates and tools.',
  },
];

type Ingredient = { slug: string; name: string; type: string; moa: string; rup?: boolean; description: string };

const STORE_INGREDIENTS: Ingredient[] = [
  {
    slug: 'glyphosate',
    name: 'Glyphosate',
    type: 'herbicide',
    moa: 'Group 9',
    description:
      'Non-selective systemic herbicide that inhibits EPSP synthase; burndown and post-emergence in tolerant crops.',
  },
  {
    slug: 'atrazine',
    name: 'Atrazine',
    type: 'herbicide',
    moa: 'Group 5',
    rup: true,
    description:
      'Photosystem II inhibitor for pre- and early post-emergence control of broadleaf weeds in corn and sorghum.',
  },
  {
    slug: 'mesotrione',
    name: 'Mesotrione',
    type: 'herbicide',
    moa: 'Group 27',
    description: 'HPPD inhibitor for broadleaf weeds in corn; bleaches susceptible weeds.',
  },
  {
    slug: 's-metolachlor',
    name: 'S-metolachlor',
    type: 'herbicide',
    moa: 'Group 15',
    description: 'Very-long-chain fatty acid inhibitor for residual control of grasses and small-seeded broadleaves.',
  },
  {
    slug: 'dicamba',
    name: 'Dicamba',
    type: 'herbicide',
    moa: 'Group 4',
    description: 'Synthetic auxin for broadleaf weeds in corn, small grains and pasture.',
  },
  {
    slug: '2-4-d',
    name: '2,4-D',
    type: 'herbicide',
    moa: 'Group 4',
    description: 'Synthetic auxin for broadleaf weeds in cereals, corn, pasture and burndown.',
  },
  {
    slug: 'glufosinate',
    name: 'Glufosinate',
    type: 'herbicide',
    moa: 'Group 10',
    description: 'Glutamine synthetase inhibitor; contact herbicide for tolerant crops.',
  },
  {
    slug: 'clethodim',
    name: 'Clethodim',
    type: 'herbicide',
    moa: 'Group 1',
    description: 'ACCase inhibitor for grass control in broadleaf crops.',
  },
  {
    slug: 'saflufenacil',
    name: 'Saflufenacil',
    type: 'herbicide',
    moa: 'Group 14',
    description: 'PPO inhibitor for fast burndown of broadleaf weeds.',
  },
  {
    slug: 'fomesafen',
    name: 'Fomesafen',
    type: 'herbicide',
    moa: 'Group 14',
    description: 'PPO inhibitor for post-emergence broadleaf control in soybeans.',
  },
  {
    slug: 'pendimethalin',
    name: 'Pendimethalin',
    type: 'herbicide',
    moa: 'Group 3',
    description: 'Microtubule assembly inhibitor for pre-emergence grass control.',
  },
  {
    slug: 'paraquat',
    name: 'Paraquat',
    type: 'herbicide',
    moa: 'Group 22',
    rup: true,
    description: 'Fast contact burndown herbicide; restricted use, certified applicators only.',
  },
  {
    slug: 'picloram',
    name: 'Picloram',
    type: 'herbicide',
    moa: 'Group 4',
    rup: true,
    description: 'Synthetic auxin for woody plants and perennial broadleaves on range and pasture.',
  },
  {
    slug: 'azoxystrobin',
    name: 'Azoxystrobin',
    type: 'fungicide',
    moa: 'FRAC 11',
    description: 'Strobilurin (QoI) fungicide with preventive and systemic activity.',
  },
  {
    slug: 'propiconazole',
    name: 'Propiconazole',
    type: 'fungicide',
    moa: 'FRAC 3',
    description: 'Triazole (DMI) fungicide for leaf diseases of corn, wheat and soybeans.',
  },
  {
    slug: 'tebuconazole',
    name: 'Tebuconazole',
    type: 'fungicide',
    moa: 'FRAC 3',
    description: 'Triazole (DMI) fungicide for head scab suppression and leaf diseases.',
  },
  {
    slug: 'pyraclostrobin',
    name: 'Pyraclostrobin',
    type: 'fungicide',
    moa: 'FRAC 11',
    description: 'Strobilurin fungicide with plant-health benefits.',
  },
  {
    slug: 'prothioconazole',
    name: 'Prothioconazole',
    type: 'fungicide',
    moa: 'FRAC 3',
    description: 'Triazolinthione fungicide for fusarium head blight and white mold.',
  },
  {
    slug: 'chlorothalonil',
    name: 'Chlorothalonil',
    type: 'fungicide',
    moa: 'FRAC M5',
    description: 'Multi-site protectant fungicide.',
  },
  {
    slug: 'lambda-cyhalothrin',
    name: 'Lambda-cyhalothrin',
    type: 'insecticide',
    moa: 'IRAC 3A',
    rup: true,
    description: 'Pyrethroid insecticide with contact and stomach activity on chewing and sucking insects.',
  },
  {
    slug: 'bifenthrin',
    name: 'Bifenthrin',
    type: 'insecticide',
    moa: 'IRAC 3A',
    rup: true,
    description: 'Pyrethroid insecticide with long residual, for soil and foliar pests.',
  },
  {
    slug: 'chlorantraniliprole',
    name: 'Chlorantraniliprole',
    type: 'insecticide',
    moa: 'IRAC 28',
    description: 'Diamide insecticide for caterpillar pests with long residual.',
  },
  {
    slug: 'imidacloprid',
    name: 'Imidacloprid',
    type: 'insecticide',
    moa: 'IRAC 4A',
    description: 'Neonicotinoid insecticide for sucking insects; seed treatment and foliar.',
  },
  {
    slug: 'clothianidin',
    name: 'Clothianidin',
    type: 'insecticide',
    moa: 'IRAC 4A',
    description: 'Neonicotinoid seed treatment for early-season insects.',
  },
  {
    slug: 'spinosad',
    name: 'Spinosad',
    type: 'insecticide',
    moa: 'IRAC 5',
    description: 'Fermentation-derived insecticide, listed for organic production.',
  },
  {
    slug: 'methylated-seed-oil',
    name: 'Methylated seed oil',
    type: 'adjuvant',
    moa: '',
    description: 'Penetrating oil adjuvant that improves uptake of post-emergence herbicides.',
  },
  {
    slug: 'ammonium-sulfate',
    name: 'Ammonium sulfate',
    type: 'adjuvant',
    moa: '',
    description: 'Water conditioner that overcomes hard-water antagonism of glyphosate.',
  },
  {
    slug: 'nitrogen',
    name: 'Nitrogen',
    type: 'nutrient',
    moa: '',
    description: 'Primary nutrient for vegetative growth.',
  },
  {
    slug: 'phosphate',
    name: 'Phosphate (P2O5)',
    type: 'nutrient',
    moa: '',
    description: 'Primary nutrient for roots and early vigor.',
  },
  {
    slug: 'potash',
    name: 'Potash (K2O)',
    type: 'nutrient',
    moa: '',
    description: 'Primary nutrient for stalk strength and water use.',
  },
  {
    slug: 'sulfur',
    name: 'Sulfur',
    type: 'nutrient',
    moa: '',
    description: 'Secondary nutrient, often short on high-residue and sandy soils.',
  },
  {
    slug: 'zinc',
    name: 'Zinc',
    type: 'nutrient',
    moa: '',
    description: 'Micronutrient for corn in cool, high-pH soils.',
  },
  {
    slug: 'boron',
    name: 'Boron',
    type: 'nutrient',
    moa: '',
    description: 'Micronutrient for canola, alfalfa and sugar beets.',
  },
  {
    slug: 'ivermectin',
    name: 'Ivermectin',
    type: 'animal-health',
    moa: 'Macrocyclic lactone',
    description: 'Endectocide for roundworms, lungworms, grubs, lice and mites in cattle.',
  },
  {
    slug: 'fenbendazole',
    name: 'Fenbendazole',
    type: 'animal-health',
    moa: 'Benzimidazole',
    description: 'Dewormer for roundworms and tapeworms in cattle and horses.',
  },
  {
    slug: 'oxytetracycline',
    name: 'Oxytetracycline',
    type: 'animal-health',
    moa: 'Tetracycline',
    description: 'Broad-spectrum antibiotic for pneumonia, foot rot and pinkeye.',
  },
  {
    slug: 'permethrin',
    name: 'Permethrin',
    type: 'insecticide',
    moa: 'IRAC 3A',
    description: 'Pyrethroid for horn flies and lice on cattle and premises.',
  },
  {
    slug: 'bradyrhizobium-japonicum',
    name: 'Bradyrhizobium japonicum',
    type: 'biological',
    moa: '',
    description: 'Nitrogen-fixing bacteria for soybean inoculation.',
  },
  {
    slug: 'rhizobium-leguminosarum',
    name: 'Rhizobium leguminosarum',
    type: 'biological',
    moa: '',
    description: 'Nitrogen-fixing bacteria for pea, lentil and faba bean inoculation.',
  },
];

type Pest = { slug: string; name: string; type: 'weed' | 'insect' | 'disease'; sci: string };

const STORE_PESTS: Pest[] = [
  { slug: 'waterhemp', name: 'Waterhemp', type: 'weed', sci: 'Amaranthus tuberculatus' },
  { slug: 'palmer-amaranth', name: 'Palmer amaranth', type: 'weed', sci: 'Amaranthus palmeri' },
  { slug: 'giant-ragweed', name: 'Giant ragweed', type: 'weed', sci: 'Ambrosia trifida' },
  { slug: 'common-lambsquarters', name: 'Common lambsquarters', type: 'weed', sci: 'Chenopodium album' },
  { slug: 'marestail', name: 'Marestail (horseweed)', type: 'weed', sci: 'Conyza canadensis' },
  { slug: 'giant-foxtail', name: 'Giant foxtail', type: 'weed', sci: 'Setaria faberi' },
  { slug: 'velvetleaf', name: 'Velvetleaf', type: 'weed', sci: 'Abutilon theophrasti' },
  { slug: 'kochia', name: 'Kochia', type: 'weed', sci: 'Bassia scoparia' },
  { slug: 'wild-oat', name: 'Wild oat', type: 'weed', sci: 'Avena fatua' },
  { slug: 'canada-thistle', name: 'Canada thistle', type: 'weed', sci: 'Cirsium arvense' },
  { slug: 'corn-rootworm', name: 'Corn rootworm', type: 'insect', sci: 'Diabrotica spp.' },
  { slug: 'soybean-aphid', name: 'Soybean aphid', type: 'insect', sci: 'Aphis glycines' },
  { slug: 'european-corn-borer', name: 'European corn borer', type: 'insect', sci: 'Ostrinia nubilalis' },
  { slug: 'japanese-beetle', name: 'Japanese beetle', type: 'insect', sci: 'Popillia japonica' },
  { slug: 'true-armyworm', name: 'True armyworm', type: 'insect', sci: 'Mythimna unipuncta' },
  { slug: 'black-cutworm', name: 'Black cutworm', type: 'insect', sci: 'Agrotis ipsilon' },
  { slug: 'two-spotted-spider-mite', name: 'Two-spotted spider mite', type: 'insect', sci: 'Tetranychus urticae' },
  { slug: 'flea-beetle', name: 'Flea beetle', type: 'insect', sci: 'Phyllotreta spp.' },
  { slug: 'horn-fly', name: 'Horn fly', type: 'insect', sci: 'Haematobia irritans' },
  { slug: 'gray-leaf-spot', name: 'Gray leaf spot', type: 'disease', sci: 'Cercospora zeae-maydis' },
  {
    slug: 'northern-corn-leaf-blight',
    name: 'Northern corn leaf blight',
    type: 'disease',
    sci: 'Exserohilum turcicum',
  },
  { slug: 'tar-spot', name: 'Tar spot', type: 'disease', sci: 'Phyllachora maydis' },
  { slug: 'white-mold', name: 'White mold', type: 'disease', sci: 'Sclerotinia sclerotiorum' },
  { slug: 'frogeye-leaf-spot', name: 'Frogeye leaf spot', type: 'disease', sci: 'Cercospora sojina' },
  { slug: 'fusarium-head-blight', name: 'Fusarium head blight', type: 'disease', sci: 'Fusarium graminearum' },
  { slug: 'stripe-rust', name: 'Stripe rust', type: 'disease', sci: 'Puccinia striiformis' },
];

// ---------------------------------------------------------------------------------------------------
// Product templates: each makes one product per manufacturer it lists (generic actives are sold by several).

type Pack = { label: string; size: number; unit: string; packCount?: number; factor: number };

const LIQUID_CHEM: Pack[] = [
  { label: '2.5 gal jug', size: 2.5, unit: 'gal', factor: 1.08 },
  { label: '2 × 2.5 gal case', size: 2.5, unit: 'gal', packCount: 2, factor: 1.05 },
  { label: '30 gal drum', size: 30, unit: 'gal', factor: 1 },
  { label: '265 gal tote', size: 265, unit: 'gal', factor: 0.93 },
];
const DRY_CHEM: Pack[] = [
  { label: '5 lb jug', size: 5, unit: 'lb', factor: 1.06 },
  { label: '25 lb bag', size: 25, unit: 'lb', factor: 1 },
];
const ADJUVANT: Pack[] = [
  { label: '2.5 gal jug', size: 2.5, unit: 'gal', factor: 1.1 },
  { label: '30 gal drum', size: 30, unit: 'gal', factor: 1 },
  { label: '265 gal tote', size: 265, unit: 'gal', factor: 0.9 },
];
const CORN_SEED: Pack[] = [
  { label: '80,000 seed unit', size: 1, unit: 'unit', factor: 1 },
  { label: 'SP50 box (50 units)', size: 50, unit: 'unit', factor: 0.96 },
];
const SOY_SEED: Pack[] = [
  { label: '140,000 seed unit', size: 1, unit: 'unit', factor: 1 },
  { label: 'SP40 box (40 units)', size: 40, unit: 'unit', factor: 0.97 },
];
const BAG_SEED: Pack[] = [
  { label: '50 lb bag', size: 50, unit: 'lb', factor: 1.05 },
  { label: '2,000 lb tote', size: 2000, unit: 'lb', factor: 0.95 },
];
const LIQUID_FERT: Pack[] = [
  { label: '2.5 gal jug', size: 2.5, unit: 'gal', factor: 1.15 },
  { label: '30 gal drum', size: 30, unit: 'gal', factor: 1.02 },
  { label: '275 gal tote', size: 275, unit: 'gal', factor: 0.92 },
];
const DRY_FERT: Pack[] = [
  { label: '50 lb bag', size: 50, unit: 'lb', factor: 1.1 },
  { label: '2,000 lb tote', size: 2000, unit: 'lb', factor: 0.9 },
];
const INOCULANT: Pack[] = [
  { label: '200 acre case', size: 200, unit: 'ac', factor: 1 },
  { label: '400 acre case', size: 400, unit: 'ac', factor: 0.95 },
];
const INJECTABLE: Pack[] = [
  { label: '100 mL bottle', size: 100, unit: 'mL', factor: 1.1 },
  { label: '250 mL bottle', size: 250, unit: 'mL', factor: 1.02 },
  { label: '500 mL bottle', size: 500, unit: 'mL', factor: 0.95 },
];
const POUR_ON: Pack[] = [
  { label: '1 L bottle', size: 1, unit: 'L', factor: 1.1 },
  { label: '2.5 L pack', size: 2.5, unit: 'L', factor: 1 },
  { label: '5 L pack', size: 5, unit: 'L', factor: 0.94 },
];
const FEED_BAG: Pack[] = [
  { label: '50 lb bag', size: 50, unit: 'lb', factor: 1.06 },
  { label: '2,000 lb tote', size: 2000, unit: 'lb', factor: 0.92 },
];
const UNIT: Pack[] = [
  { label: 'Each', size: 1, unit: 'unit', factor: 1 },
  { label: 'Case of 6', size: 1, unit: 'unit', packCount: 6, factor: 0.94 },
];

type Template = {
  name: string;
  category: string;
  kind: string;
  makers: string[];
  ingredients?: [string, number, string][];
  pests?: string[];
  packs: Pack[];
  /** USD per size unit (gal, lb, unit, mL, …). */
  unitPrice: number;
  docs?: string[];
  programs?: string[];
  description: string;
  /** Sold in: default both. */
  countries?: ('USA' | 'CAN')[];
  seller?: string;
};

const CHEM_DOCS = ['specimen-label', 'sds', 'tech-sheet', 'mixing-instructions'];
const SDS_ONLY = ['sds'];
const LABEL_SDS = ['specimen-label', 'sds'];

const GENERIC_MAKERS = [
  'Northfield Crop Science',
  'Heartland Ag Chemicals',
  'Cedar Valley AgroSolutions',
  'Plainsman Chemical Co.',
  'Riverbend Crop Care',
];
const HOUSE = 'Harvest Standard';

const TEMPLATES: Template[] = [
  // Herbicides
  {
    name: 'Glyphosate 41% Plus',
    category: 'crop-protection/herbicides/burndown',
    kind: 'chemical',
    makers: [HOUSE, ...GENERIC_MAKERS],
    ingredients: [['glyphosate', 41, '%']],
    pests: ['marestail', 'giant-ragweed', 'common-lambsquarters', 'giant-foxtail', 'canada-thistle'],
    packs: LIQUID_CHEM,
    unitPrice: 14.5,
    docs: CHEM_DOCS,
    description:
      'Isopropylamine salt of glyphosate with built-in surfactant for burndown and post-emergence weed control in glyphosate-tolerant crops.',
  },
  {
    name: 'Glyphosate 5.4',
    category: 'crop-protection/herbicides/burndown',
    kind: 'chemical',
    makers: [HOUSE, 'Heartland Ag Chemicals', 'Plainsman Chemical Co.'],
    ingredients: [['glyphosate', 4.5, 'lb ae/gal']],
    pests: ['marestail', 'kochia', 'giant-foxtail', 'waterhemp'],
    packs: LIQUID_CHEM,
    unitPrice: 19.75,
    docs: CHEM_DOCS,
    description:
      'Potassium-salt glyphosate at 4.5 lb acid equivalent per gallon: fewer jugs per acre, rainfast in 30 minutes.',
  },
  {
    name: 'Atrazine 4L',
    category: 'crop-protection/herbicides/pre-emergence',
    kind: 'chemical',
    makers: [HOUSE, ...GENERIC_MAKERS.slice(0, 4)],
    ingredients: [['atrazine', 4, 'lb/gal']],
    pests: ['velvetleaf', 'common-lambsquarters', 'giant-ragweed', 'waterhemp'],
    packs: LIQUID_CHEM,
    unitPrice: 9.25,
    docs: CHEM_DOCS,
    description:
      'Flowable atrazine for pre-plant, pre-emergence and early post-emergence broadleaf control in corn and sorghum. Restricted use pesticide.',
  },
  {
    name: 'Atrazine 90DF',
    category: 'crop-protection/herbicides/pre-emergence',
    kind: 'chemical',
    makers: ['Cedar Valley AgroSolutions', 'Riverbend Crop Care'],
    ingredients: [['atrazine', 90, '%']],
    pests: ['velvetleaf', 'common-lambsquarters'],
    packs: DRY_CHEM,
    unitPrice: 4.1,
    docs: CHEM_DOCS,
    description: 'Dry flowable atrazine that mixes readily in water for broadleaf and grass control in corn.',
  },
  {
    name: 'Mesotrione 4SC',
    category: 'crop-protection/herbicides/post-emergence',
    kind: 'chemical',
    makers: [HOUSE, 'Northfield Crop Science', 'Riverbend Crop Care'],
    ingredients: [['mesotrione', 4, 'lb/gal']],
    pests: ['waterhemp', 'palmer-amaranth', 'velvetleaf', 'common-lambsquarters'],
    packs: LIQUID_CHEM,
    unitPrice: 112,
    docs: CHEM_DOCS,
    description:
      'HPPD-inhibitor herbicide for pre- and post-emergence broadleaf control in field corn, seed corn and sweet corn.',
  },
  {
    name: 'Cornerstone Trio',
    category: 'crop-protection/herbicides/pre-emergence',
    kind: 'chemical',
    makers: ['Northfield Crop Science'],
    ingredients: [
      ['atrazine', 1.1, 'lb/gal'],
      ['mesotrione', 0.25, 'lb/gal'],
      ['s-metolachlor', 2.5, 'lb/gal'],
    ],
    pests: ['waterhemp', 'palmer-amaranth', 'giant-foxtail', 'velvetleaf'],
    packs: LIQUID_CHEM,
    unitPrice: 48,
    docs: CHEM_DOCS,
    description:
      'Three modes of action in one jug: residual grass and broadleaf control in corn, applied pre-emergence or early post.',
  },
  {
    name: 'S-Metolachlor 7.62EC',
    category: 'crop-protection/herbicides/pre-emergence',
    kind: 'chemical',
    makers: [HOUSE, 'Heartland Ag Chemicals', 'Plainsman Chemical Co.'],
    ingredients: [['s-metolachlor', 7.62, 'lb/gal']],
    pests: ['waterhemp', 'palmer-amaranth', 'giant-foxtail'],
    packs: LIQUID_CHEM,
    unitPrice: 52,
    docs: CHEM_DOCS,
    description: 'Residual grass and small-seeded broadleaf control in corn, soybeans, sorghum and dry beans.',
  },
  {
    name: 'Dicamba DGA',
    category: 'crop-protection/herbicides/post-emergence',
    kind: 'chemical',
    makers: ['Cedar Valley AgroSolutions', 'Riverbend Crop Care'],
    ingredients: [['dicamba', 4, 'lb ae/gal']],
    pests: ['giant-ragweed', 'kochia', 'marestail', 'canada-thistle'],
    packs: LIQUID_CHEM,
    unitPrice: 31,
    docs: CHEM_DOCS,
    description: 'Diglycolamine salt of dicamba for broadleaf weeds in corn, small grains, pasture and fallow.',
  },
  {
    name: '2,4-D Amine 4',
    category: 'crop-protection/herbicides/post-emergence',
    kind: 'chemical',
    makers: [HOUSE, ...GENERIC_MAKERS],
    ingredients: [['2-4-d', 3.8, 'lb ae/gal']],
    pests: ['canada-thistle', 'giant-ragweed', 'marestail'],
    packs: LIQUID_CHEM,
    unitPrice: 12.5,
    docs: CHEM_DOCS,
    description: 'Dimethylamine salt of 2,4-D for broadleaf weeds in small grains, corn, pasture and burndown.',
  },
  {
    name: 'Glufosinate 280SL',
    category: 'crop-protection/herbicides/post-emergence',
    kind: 'chemical',
    makers: [HOUSE, 'Northfield Crop Science', 'Plainsman Chemical Co.'],
    ingredients: [['glufosinate', 2.34, 'lb/gal']],
    pests: ['waterhemp', 'palmer-amaranth', 'giant-ragweed', 'kochia'],
    packs: LIQUID_CHEM,
    unitPrice: 38,
    docs: CHEM_DOCS,
    description:
      'Contact herbicide for glufosinate-tolerant corn, soybeans and canola; a second mode of action for resistant weeds.',
  },
  {
    name: 'Clethodim 2EC',
    category: 'crop-protection/herbicides/post-emergence',
    kind: 'chemical',
    makers: [HOUSE, 'Heartland Ag Chemicals'],
    ingredients: [['clethodim', 2, 'lb/gal']],
    pests: ['giant-foxtail', 'wild-oat'],
    packs: LIQUID_CHEM,
    unitPrice: 42,
    docs: CHEM_DOCS,
    description:
      'Post-emergence grass herbicide for soybeans, canola, alfalfa and dry beans, including volunteer corn.',
  },
  {
    name: 'Sharpline Burndown',
    category: 'crop-protection/herbicides/burndown',
    kind: 'chemical',
    makers: ['Riverbend Crop Care'],
    ingredients: [['saflufenacil', 2.85, 'lb/gal']],
    pests: ['marestail', 'kochia', 'giant-ragweed'],
    packs: LIQUID_CHEM,
    unitPrice: 210,
    docs: CHEM_DOCS,
    description: 'Fast PPO burndown of glyphosate-resistant marestail and kochia ahead of planting.',
  },
  {
    name: 'Fomesafen 2SL',
    category: 'crop-protection/herbicides/post-emergence',
    kind: 'chemical',
    makers: ['Plainsman Chemical Co.', 'Cedar Valley AgroSolutions'],
    ingredients: [['fomesafen', 2, 'lb/gal']],
    pests: ['waterhemp', 'palmer-amaranth', 'velvetleaf'],
    packs: LIQUID_CHEM,
    unitPrice: 44,
    docs: CHEM_DOCS,
    description: 'Post-emergence PPO herbicide for broadleaf weeds in soybeans.',
    countries: ['USA'],
  },
  {
    name: 'Pendimethalin 3.3EC',
    category: 'crop-protection/herbicides/pre-emergence',
    kind: 'chemical',
    makers: ['Heartland Ag Chemicals', 'Northfield Crop Science'],
    ingredients: [['pendimethalin', 3.3, 'lb/gal']],
    pests: ['giant-foxtail', 'common-lambsquarters'],
    packs: LIQUID_CHEM,
    unitPrice: 18,
    docs: CHEM_DOCS,
    description: 'Pre-emergence grass and small-seeded broadleaf control in corn, soybeans and wheat.',
  },
  {
    name: 'Paraquat 3SL',
    category: 'crop-protection/herbicides/burndown',
    kind: 'chemical',
    makers: ['Plainsman Chemical Co.', 'Riverbend Crop Care'],
    ingredients: [['paraquat', 3, 'lb/gal']],
    pests: ['marestail', 'giant-foxtail'],
    packs: LIQUID_CHEM,
    unitPrice: 23,
    docs: CHEM_DOCS,
    description:
      'Contact burndown herbicide. Restricted use: certified applicators who have completed paraquat training only.',
    countries: ['USA'],
  },
  {
    name: 'Rangeland Picloram 22K',
    category: 'range-and-pasture',
    kind: 'chemical',
    makers: ['Cedar Valley AgroSolutions'],
    ingredients: [['picloram', 2, 'lb ae/gal']],
    pests: ['canada-thistle'],
    packs: LIQUID_CHEM,
    unitPrice: 74,
    docs: CHEM_DOCS,
    description:
      'Long-residual control of perennial broadleaves and woody plants on rangeland and permanent pasture. Restricted use.',
  },
  {
    name: 'Pasture Pro 2,4-D + Dicamba',
    category: 'range-and-pasture',
    kind: 'chemical',
    makers: [HOUSE, 'Heartland Ag Chemicals'],
    ingredients: [
      ['2-4-d', 2.87, 'lb ae/gal'],
      ['dicamba', 1, 'lb ae/gal'],
    ],
    pests: ['canada-thistle'],
    packs: LIQUID_CHEM,
    unitPrice: 24,
    docs: CHEM_DOCS,
    description: 'Broadleaf weed control in grass pasture, hay and rangeland.',
  },
  // Fungicides
  {
    name: 'Azoxystrobin 2SC',
    category: 'crop-protection/fungicides',
    kind: 'chemical',
    makers: [HOUSE, ...GENERIC_MAKERS.slice(0, 3)],
    ingredients: [['azoxystrobin', 2.08, 'lb/gal']],
    pests: ['gray-leaf-spot', 'northern-corn-leaf-blight', 'frogeye-leaf-spot'],
    packs: LIQUID_CHEM,
    unitPrice: 96,
    docs: CHEM_DOCS,
    description:
      'Broad-spectrum strobilurin fungicide with preventive and early curative activity on corn, soybeans and wheat.',
  },
  {
    name: 'Propiconazole 41.8EC',
    category: 'crop-protection/fungicides',
    kind: 'chemical',
    makers: [HOUSE, 'Northfield Crop Science', 'Riverbend Crop Care'],
    ingredients: [['propiconazole', 3.6, 'lb/gal']],
    pests: ['gray-leaf-spot', 'stripe-rust', 'northern-corn-leaf-blight'],
    packs: LIQUID_CHEM,
    unitPrice: 68,
    docs: CHEM_DOCS,
    description: 'Systemic triazole fungicide for leaf diseases of corn, wheat, barley and rice.',
  },
  {
    name: 'Tebuconazole 3.6F',
    category: 'crop-protection/fungicides',
    kind: 'chemical',
    makers: ['Heartland Ag Chemicals', 'Cedar Valley AgroSolutions'],
    ingredients: [['tebuconazole', 3.6, 'lb/gal']],
    pests: ['fusarium-head-blight', 'stripe-rust'],
    packs: LIQUID_CHEM,
    unitPrice: 42,
    docs: CHEM_DOCS,
    description: 'Triazole fungicide for head scab suppression and rust in wheat and barley.',
  },
  {
    name: 'Strobitec Duo',
    category: 'crop-protection/fungicides',
    kind: 'chemical',
    makers: ['Northfield Crop Science'],
    ingredients: [
      ['azoxystrobin', 1.67, 'lb/gal'],
      ['propiconazole', 0.67, 'lb/gal'],
    ],
    pests: ['tar-spot', 'gray-leaf-spot', 'northern-corn-leaf-blight', 'frogeye-leaf-spot'],
    packs: LIQUID_CHEM,
    unitPrice: 118,
    docs: CHEM_DOCS,
    description: 'Two modes of action for tar spot and gray leaf spot in corn; applied at VT/R1.',
  },
  {
    name: 'Pyraclostrobin 2.09EC',
    category: 'crop-protection/fungicides',
    kind: 'chemical',
    makers: ['Plainsman Chemical Co.'],
    ingredients: [['pyraclostrobin', 2.09, 'lb/gal']],
    pests: ['gray-leaf-spot', 'frogeye-leaf-spot'],
    packs: LIQUID_CHEM,
    unitPrice: 134,
    docs: CHEM_DOCS,
    description: 'Strobilurin fungicide for corn, soybeans and small grains with plant-health benefits.',
  },
  {
    name: 'Prothio Head Guard',
    category: 'crop-protection/fungicides',
    kind: 'chemical',
    makers: ['Riverbend Crop Care'],
    ingredients: [
      ['prothioconazole', 1.3, 'lb/gal'],
      ['tebuconazole', 1.3, 'lb/gal'],
    ],
    pests: ['fusarium-head-blight', 'white-mold', 'stripe-rust'],
    packs: LIQUID_CHEM,
    unitPrice: 156,
    docs: CHEM_DOCS,
    description: 'Fusarium head blight suppression in wheat and white mold control in soybeans and canola.',
  },
  {
    name: 'Chlorothalonil 720',
    category: 'crop-protection/fungicides',
    kind: 'chemical',
    makers: [HOUSE, 'Cedar Valley AgroSolutions'],
    ingredients: [['chlorothalonil', 6, 'lb/gal']],
    pests: ['white-mold'],
    packs: LIQUID_CHEM,
    unitPrice: 29,
    docs: CHEM_DOCS,
    description: 'Multi-site protectant fungicide for potatoes, peanuts and vegetables.',
  },
  // Insecticides
  {
    name: 'Lambda-Cy 1EC',
    category: 'crop-protection/insecticides',
    kind: 'chemical',
    makers: [HOUSE, ...GENERIC_MAKERS.slice(1)],
    ingredients: [['lambda-cyhalothrin', 1, 'lb/gal']],
    pests: ['soybean-aphid', 'japanese-beetle', 'true-armyworm', 'black-cutworm', 'european-corn-borer'],
    packs: LIQUID_CHEM,
    unitPrice: 62,
    docs: CHEM_DOCS,
    description:
      'Pyrethroid insecticide for a broad range of chewing and sucking insects in corn, soybeans and wheat. Restricted use.',
  },
  {
    name: 'Bifenthrin 2EC',
    category: 'crop-protection/insecticides',
    kind: 'chemical',
    makers: [HOUSE, 'Heartland Ag Chemicals', 'Plainsman Chemical Co.'],
    ingredients: [['bifenthrin', 2, 'lb/gal']],
    pests: ['corn-rootworm', 'two-spotted-spider-mite', 'soybean-aphid', 'black-cutworm'],
    packs: LIQUID_CHEM,
    unitPrice: 45,
    docs: CHEM_DOCS,
    description: 'Pyrethroid with long residual for soil and foliar insects, including spider mites. Restricted use.',
  },
  {
    name: 'Chlorantraniliprole 1.67SC',
    category: 'crop-protection/insecticides',
    kind: 'chemical',
    makers: ['Northfield Crop Science'],
    ingredients: [['chlorantraniliprole', 1.67, 'lb/gal']],
    pests: ['european-corn-borer', 'true-armyworm', 'black-cutworm'],
    packs: LIQUID_CHEM,
    unitPrice: 385,
    docs: CHEM_DOCS,
    description: 'Diamide insecticide for caterpillar pests with long residual and low impact on beneficials.',
  },
  {
    name: 'Imidacloprid 4F',
    category: 'crop-protection/insecticides',
    kind: 'chemical',
    makers: ['Cedar Valley AgroSolutions', 'Riverbend Crop Care'],
    ingredients: [['imidacloprid', 4, 'lb/gal']],
    pests: ['soybean-aphid', 'flea-beetle'],
    packs: LIQUID_CHEM,
    unitPrice: 58,
    docs: CHEM_DOCS,
    description: 'Systemic neonicotinoid for aphids, leafhoppers and flea beetles.',
  },
  {
    name: 'Spinosad Organic Naturalyte',
    category: 'crop-protection/insecticides',
    kind: 'chemical',
    makers: ['Riverbend Crop Care'],
    ingredients: [['spinosad', 22.5, '%']],
    pests: ['true-armyworm', 'european-corn-borer'],
    packs: LIQUID_CHEM,
    unitPrice: 160,
    docs: CHEM_DOCS,
    programs: ['organics'],
    description: 'Fermentation-derived insecticide listed for organic production; caterpillars and thrips.',
  },
  // Adjuvants
  {
    name: 'MSO Ultra',
    category: 'crop-protection/adjuvants',
    kind: 'chemical',
    makers: [HOUSE, 'Heartland Ag Chemicals', 'Cedar Valley AgroSolutions'],
    ingredients: [['methylated-seed-oil', 83, '%']],
    packs: ADJUVANT,
    unitPrice: 9.5,
    docs: LABEL_SDS,
    description: 'Methylated seed oil concentrate that improves uptake of post-emergence herbicides.',
  },
  {
    name: 'AMS Water Conditioner',
    category: 'crop-protection/adjuvants',
    kind: 'chemical',
    makers: [HOUSE, 'Plainsman Chemical Co.'],
    ingredients: [['ammonium-sulfate', 34, '%']],
    packs: ADJUVANT,
    unitPrice: 5.75,
    docs: LABEL_SDS,
    description: 'Liquid ammonium sulfate with drift reduction; overcomes hard-water antagonism of glyphosate.',
  },
  {
    name: 'Drift Control NIS',
    category: 'crop-protection/adjuvants',
    kind: 'chemical',
    makers: [HOUSE, 'Northfield Crop Science'],
    packs: ADJUVANT,
    unitPrice: 16,
    docs: LABEL_SDS,
    description: 'Non-ionic surfactant with a deposition aid for fewer fines.',
  },
  // Co-packs (Canada)
  {
    name: 'Burndown Co-Pack (Glyphosate + Saflufenacil)',
    category: 'crop-protection/co-packs',
    kind: 'house_special',
    makers: [HOUSE],
    ingredients: [
      ['glyphosate', 540, 'g ae/L'],
      ['saflufenacil', 342, 'g/kg'],
    ],
    pests: ['kochia', 'marestail', 'canada-thistle'],
    packs: [{ label: '160 acre case', size: 160, unit: 'ac', factor: 1 }],
    unitPrice: 9.8,
    docs: CHEM_DOCS,
    programs: ['co-packs'],
    countries: ['CAN'],
    description: 'Pre-seed burndown for the prairies: one case treats 160 acres.',
  },
  {
    name: 'Canola Grass Co-Pack (Clethodim + MSO)',
    category: 'crop-protection/co-packs',
    kind: 'house_special',
    makers: [HOUSE],
    ingredients: [
      ['clethodim', 240, 'g/L'],
      ['methylated-seed-oil', 83, '%'],
    ],
    pests: ['wild-oat', 'giant-foxtail'],
    packs: [{ label: '80 acre case', size: 80, unit: 'ac', factor: 1 }],
    unitPrice: 11.2,
    docs: CHEM_DOCS,
    programs: ['co-packs'],
    countries: ['CAN'],
    description: 'Wild oat and volunteer cereal control in canola and pulses, with its adjuvant in the case.',
  },
  {
    name: 'Cereal Broadleaf Co-Pack (2,4-D + Dicamba)',
    category: 'crop-protection/co-packs',
    kind: 'house_special',
    makers: [HOUSE],
    ingredients: [
      ['2-4-d', 500, 'g ae/L'],
      ['dicamba', 480, 'g ae/L'],
    ],
    pests: ['kochia', 'canada-thistle'],
    packs: [{ label: '160 acre case', size: 160, unit: 'ac', factor: 1 }],
    unitPrice: 6.9,
    docs: CHEM_DOCS,
    programs: ['co-packs', 'bc-products'],
    countries: ['CAN'],
    description: 'In-crop broadleaf control in wheat and barley.',
  },
  // Seed
  {
    name: 'HS 108-day Hybrid Corn',
    category: 'seed/corn',
    kind: 'treated_seed',
    makers: [HOUSE],
    packs: CORN_SEED,
    unitPrice: 229,
    docs: SDS_ONLY,
    description: 'Medium-tall 108-day hybrid with strong roots and stalks; fits corn-on-corn.',
    countries: ['USA'],
  },
  {
    name: 'HS 112-day Hybrid Corn',
    category: 'seed/corn',
    kind: 'treated_seed',
    makers: [HOUSE],
    packs: CORN_SEED,
    unitPrice: 245,
    docs: SDS_ONLY,
    description: 'Full-season racehorse hybrid for highly productive soils.',
    countries: ['USA'],
  },
  {
    name: 'HS 98-day Hybrid Corn',
    category: 'seed/corn',
    kind: 'treated_seed',
    makers: [HOUSE],
    packs: CORN_SEED,
    unitPrice: 212,
    docs: SDS_ONLY,
    description: 'Early hybrid with fast dry-down for the northern corn belt and Manitoba.',
  },
  {
    name: 'Northfield 2.8 Soybean',
    category: 'seed/soybeans',
    kind: 'treated_seed',
    makers: ['Northfield Crop Science'],
    packs: SOY_SEED,
    unitPrice: 52,
    docs: SDS_ONLY,
    description: 'Group 2.8 soybean with SCN resistance and strong emergence.',
  },
  {
    name: 'HS 1.9 Soybean',
    category: 'seed/soybeans',
    kind: 'treated_seed',
    makers: [HOUSE],
    packs: SOY_SEED,
    unitPrice: 46,
    docs: SDS_ONLY,
    description: 'Group 1.9 soybean, bushy canopy for wide rows.',
  },
  {
    name: 'HS 0.5 Soybean',
    category: 'seed/soybeans',
    kind: 'treated_seed',
    makers: [HOUSE],
    packs: SOY_SEED,
    unitPrice: 44,
    docs: SDS_ONLY,
    description: 'Early group 0.5 soybean for Saskatchewan and Manitoba.',
    countries: ['CAN'],
  },
  {
    name: 'Hard Red Spring Wheat',
    category: 'seed/wheat',
    kind: 'treated_seed',
    makers: ['Greenline Seed Co.'],
    packs: BAG_SEED,
    unitPrice: 0.62,
    docs: SDS_ONLY,
    description: 'Certified HRS wheat, high protein, good lodging resistance.',
    seller: 'greenline-seed',
  },
  {
    name: 'Clearfield-type Canola',
    category: 'seed/canola',
    kind: 'treated_seed',
    makers: [HOUSE],
    packs: [{ label: '22.7 kg bag', size: 22.7, unit: 'kg', factor: 1 }],
    unitPrice: 31,
    docs: SDS_ONLY,
    description: 'Open-pollinated canola with imidazolinone tolerance.',
    countries: ['CAN'],
  },
  {
    name: 'Cereal Rye Cover Crop',
    category: 'seed/cover-crops',
    kind: 'green-cover-seeds',
    makers: ['Greenline Seed Co.'],
    packs: BAG_SEED,
    unitPrice: 0.44,
    description: 'Winter-hardy cereal rye for erosion control and weed suppression ahead of soybeans.',
    seller: 'greenline-seed',
    programs: ['organics'],
  },
  {
    name: 'Radish-Oat Cover Mix',
    category: 'seed/cover-crops',
    kind: 'green-cover-seeds',
    makers: ['Greenline Seed Co.'],
    packs: BAG_SEED,
    unitPrice: 0.86,
    description: 'Tillage radish and oats: breaks compaction and scavenges nitrogen, winter-kills in the north.',
    seller: 'greenline-seed',
  },
  {
    name: 'Pasture Renovator Grass Mix',
    category: 'range-and-pasture',
    kind: 'green-cover-seeds',
    makers: ['Greenline Seed Co.'],
    packs: BAG_SEED,
    unitPrice: 2.4,
    description: 'Orchardgrass, brome and meadow fescue for rotational grazing.',
    seller: 'greenline-seed',
  },
  // Nutrition
  {
    name: 'UAN 32% Liquid Nitrogen',
    category: 'crop-nutrition/liquid-fertilizer',
    kind: 'liquid_fertilizer',
    makers: [HOUSE],
    ingredients: [['nitrogen', 32, '%']],
    packs: LIQUID_FERT,
    unitPrice: 1.9,
    docs: LABEL_SDS,
    description: 'Urea ammonium nitrate solution for side-dress and weed-and-feed programs.',
  },
  {
    name: '10-34-0 Starter',
    category: 'crop-nutrition/liquid-fertilizer',
    kind: 'liquid_fertilizer',
    makers: [HOUSE, 'Heartland Ag Chemicals'],
    ingredients: [
      ['nitrogen', 10, '%'],
      ['phosphate', 34, '%'],
    ],
    packs: LIQUID_FERT,
    unitPrice: 3.6,
    docs: LABEL_SDS,
    programs: ['nutritionals'],
    description: 'Ammonium polyphosphate starter for in-furrow and 2x2 placement.',
  },
  {
    name: '6-24-6 Low-Salt Starter',
    category: 'crop-nutrition/liquid-fertilizer',
    kind: 'liquid_fertilizer',
    makers: ['Northfield Crop Science'],
    ingredients: [
      ['nitrogen', 6, '%'],
      ['phosphate', 24, '%'],
      ['potash', 6, '%'],
    ],
    packs: LIQUID_FERT,
    unitPrice: 5.2,
    docs: LABEL_SDS,
    programs: ['nutritionals'],
    description: 'Orthophosphate starter safe in furrow with the seed.',
  },
  {
    name: 'Thiosul 12-0-0-26S',
    category: 'crop-nutrition/liquid-fertilizer',
    kind: 'liquid_fertilizer',
    makers: ['Cedar Valley AgroSolutions'],
    ingredients: [
      ['nitrogen', 12, '%'],
      ['sulfur', 26, '%'],
    ],
    packs: LIQUID_FERT,
    unitPrice: 2.8,
    docs: LABEL_SDS,
    programs: ['nutritionals'],
    description: 'Ammonium thiosulfate for sulfur with UAN.',
  },
  {
    name: 'Zinc 9% EDTA Chelate',
    category: 'crop-nutrition/micronutrients',
    kind: 'liquid_fertilizer',
    makers: [HOUSE, 'Riverbend Crop Care'],
    ingredients: [['zinc', 9, '%']],
    packs: LIQUID_FERT,
    unitPrice: 21,
    docs: LABEL_SDS,
    programs: ['nutritionals'],
    description: 'Chelated zinc for in-furrow or foliar use in corn.',
  },
  {
    name: 'Boron 10% Foliar',
    category: 'crop-nutrition/micronutrients',
    kind: 'liquid_fertilizer',
    makers: [HOUSE],
    ingredients: [['boron', 10, '%']],
    packs: LIQUID_FERT,
    unitPrice: 17,
    docs: LABEL_SDS,
    programs: ['nutritionals', 'organics'],
    description: 'Foliar boron for canola at bolting and alfalfa regrowth.',
  },
  {
    name: 'Soybean Liquid Inoculant',
    category: 'crop-nutrition/inoculants',
    kind: 'house_special',
    makers: [HOUSE, 'Greenline Seed Co.'],
    ingredients: [['bradyrhizobium-japonicum', 2, 'billion cfu/mL']],
    packs: INOCULANT,
    unitPrice: 2.1,
    docs: SDS_ONLY,
    programs: ['inoculants'],
    description: 'Liquid Bradyrhizobium inoculant applied on seed; two-year rotations and new ground.',
  },
  {
    name: 'Pea & Lentil Granular Inoculant',
    category: 'crop-nutrition/inoculants',
    kind: 'house_special',
    makers: [HOUSE],
    ingredients: [['rhizobium-leguminosarum', 1, 'billion cfu/g']],
    packs: INOCULANT,
    unitPrice: 3.3,
    docs: SDS_ONLY,
    programs: ['inoculants', 'organics'],
    countries: ['CAN'],
    description: 'Granular in-furrow inoculant for field peas, lentils and faba beans.',
  },
  {
    name: 'Soil Biology Activator',
    category: 'crop-nutrition/biologicals',
    kind: 'liquid_fertilizer',
    makers: ['Riverbend Crop Care'],
    packs: LIQUID_FERT,
    unitPrice: 39,
    docs: SDS_ONLY,
    programs: ['organics', 'bc-products'],
    description: 'Microbial blend that cycles residue nitrogen and phosphorus.',
  },
  {
    name: 'MAP 11-52-0',
    category: 'fertilizer-and-nutrition/dry-fertilizer',
    kind: 'house_special',
    makers: [HOUSE],
    ingredients: [
      ['nitrogen', 11, '%'],
      ['phosphate', 52, '%'],
    ],
    packs: DRY_FERT,
    unitPrice: 0.48,
    docs: SDS_ONLY,
    description: 'Monoammonium phosphate, the prairie phosphorus workhorse.',
  },
  {
    name: 'Potash 0-0-60',
    category: 'fertilizer-and-nutrition/dry-fertilizer',
    kind: 'house_special',
    makers: [HOUSE],
    ingredients: [['potash', 60, '%']],
    packs: DRY_FERT,
    unitPrice: 0.32,
    docs: SDS_ONLY,
    description: 'Granular muriate of potash.',
  },
  {
    name: 'AMS 21-0-0-24S',
    category: 'fertilizer-and-nutrition/dry-fertilizer',
    kind: 'house_special',
    makers: [HOUSE],
    ingredients: [
      ['nitrogen', 21, '%'],
      ['sulfur', 24, '%'],
    ],
    packs: DRY_FERT,
    unitPrice: 0.29,
    docs: SDS_ONLY,
    description: 'Granular ammonium sulfate for sulfur-hungry canola and corn.',
  },
  // Animal health
  {
    name: 'Ivermectin 1% Injectable',
    category: 'animal-health/dewormers',
    kind: 'pharmaceutical',
    makers: [HOUSE, 'Hoof & Horn Animal Health'],
    ingredients: [['ivermectin', 1, '%']],
    pests: ['horn-fly'],
    packs: INJECTABLE,
    unitPrice: 0.42,
    docs: SDS_ONLY,
    description: 'Injectable endectocide for cattle and swine: roundworms, lungworms, grubs, lice and mites.',
    seller: 'hoof-and-horn',
  },
  {
    name: 'Ivermectin Pour-On',
    category: 'animal-health/dewormers',
    kind: 'pharmaceutical',
    makers: [HOUSE, 'Hoof & Horn Animal Health'],
    ingredients: [['ivermectin', 0.5, '%']],
    pests: ['horn-fly'],
    packs: POUR_ON,
    unitPrice: 38,
    docs: SDS_ONLY,
    description: 'Pour-on dewormer for beef and dairy cattle; rainfast.',
    seller: 'hoof-and-horn',
  },
  {
    name: 'Fenbendazole Suspension 10%',
    category: 'animal-health/dewormers',
    kind: 'pharmaceutical',
    makers: ['Hoof & Horn Animal Health'],
    ingredients: [['fenbendazole', 10, '%']],
    packs: POUR_ON,
    unitPrice: 64,
    docs: SDS_ONLY,
    description: 'Oral drench for roundworms and tapeworms in cattle.',
    seller: 'hoof-and-horn',
  },
  {
    name: 'Oxytet 200 LA',
    category: 'animal-health/antibiotics',
    kind: 'pharmaceutical',
    makers: ['Hoof & Horn Animal Health'],
    ingredients: [['oxytetracycline', 200, 'mg/mL']],
    packs: INJECTABLE,
    unitPrice: 0.18,
    docs: SDS_ONLY,
    description:
      'Long-acting oxytetracycline for pneumonia, foot rot and pinkeye in cattle. Use under veterinary direction.',
    seller: 'hoof-and-horn',
  },
  {
    name: '7-Way Clostridial Vaccine',
    category: 'animal-health/vaccines',
    kind: 'pharmaceutical',
    makers: ['Hoof & Horn Animal Health'],
    packs: INJECTABLE,
    unitPrice: 0.22,
    docs: SDS_ONLY,
    description: 'Blackleg and clostridial protection for cattle and sheep; 2 mL dose.',
    seller: 'hoof-and-horn',
  },
  {
    name: 'Permethrin Livestock Spray',
    category: 'beef-cattle',
    kind: 'livestock',
    makers: [HOUSE, 'Hoof & Horn Animal Health'],
    ingredients: [['permethrin', 10, '%']],
    pests: ['horn-fly'],
    packs: POUR_ON,
    unitPrice: 21,
    docs: LABEL_SDS,
    description: 'Premise and animal spray for horn flies, lice and ticks.',
  },
  {
    name: 'Fly Control Ear Tags',
    category: 'beef-cattle',
    kind: 'livestock',
    makers: ['Hoof & Horn Animal Health'],
    ingredients: [['permethrin', 10, '%']],
    pests: ['horn-fly'],
    packs: [
      { label: 'Box of 20', size: 20, unit: 'tag', factor: 1 },
      { label: 'Box of 100', size: 100, unit: 'tag', factor: 0.9 },
    ],
    unitPrice: 2.6,
    docs: SDS_ONLY,
    description: 'Insecticide ear tags for season-long horn fly control.',
    seller: 'hoof-and-horn',
  },
  {
    name: 'Calf Electrolyte Powder',
    category: 'livestock',
    kind: 'livestock',
    makers: [HOUSE],
    packs: [
      { label: '2 lb pail', size: 2, unit: 'lb', factor: 1.05 },
      { label: '8 lb pail', size: 8, unit: 'lb', factor: 1 },
    ],
    unitPrice: 9.4,
    description: 'Rehydration for scouring calves; mixes in warm water.',
  },
  {
    name: 'Visual ID Ear Tags',
    category: 'livestock',
    kind: 'livestock',
    makers: ['Prairie Ag Supply Co.'],
    packs: [{ label: 'Pack of 25', size: 25, unit: 'tag', factor: 1 }],
    unitPrice: 1.1,
    description: 'Large numbered tags, readable from the alley.',
    seller: 'prairie-ag-supply',
  },
  {
    name: 'Equine Joint Supplement',
    category: 'pets-and-equine',
    kind: 'livestock',
    makers: ['Hoof & Horn Animal Health'],
    packs: [{ label: '2.5 lb tub', size: 2.5, unit: 'lb', factor: 1 }],
    unitPrice: 27,
    description: 'Glucosamine and chondroitin pellets for working horses.',
    seller: 'hoof-and-horn',
  },
  {
    name: 'Farm Dog High-Energy Food',
    category: 'pets-and-equine',
    kind: 'livestock',
    makers: [HOUSE],
    packs: [{ label: '40 lb bag', size: 40, unit: 'lb', factor: 1 }],
    unitPrice: 1.45,
    description: '30/20 formula for working dogs.',
  },
  // Feed
  {
    name: 'Beef Grower 14% Pellet',
    category: 'feed/cattle-feed',
    kind: 'livestock',
    makers: [HOUSE],
    packs: FEED_BAG,
    unitPrice: 0.28,
    description: 'Balanced grower pellet for backgrounding calves.',
  },
  {
    name: 'Creep Feed 16%',
    category: 'feed/cattle-feed',
    kind: 'livestock',
    makers: [HOUSE],
    packs: FEED_BAG,
    unitPrice: 0.31,
    description: 'Palatable creep feed to add weaning weight.',
  },
  {
    name: 'Range Mineral 12-12',
    category: 'feed/minerals',
    kind: 'livestock',
    makers: [HOUSE, 'Hoof & Horn Animal Health'],
    packs: FEED_BAG,
    unitPrice: 0.74,
    description: 'Free-choice mineral with chelated trace minerals for grazing cattle.',
  },
  {
    name: 'Layer Crumble 16%',
    category: 'dry-feed',
    kind: 'livestock',
    makers: [HOUSE],
    packs: FEED_BAG,
    unitPrice: 0.36,
    description: 'Complete feed for laying hens.',
  },
  {
    name: 'Sheep & Goat Pellet',
    category: 'dry-feed',
    kind: 'livestock',
    makers: [HOUSE],
    packs: FEED_BAG,
    unitPrice: 0.34,
    description: 'Copper-safe pellet for sheep and goats.',
  },
  // Supplies
  {
    name: 'Flat-Fan Spray Tips 110°',
    category: 'supplies',
    kind: 'house_special',
    makers: ['Prairie Ag Supply Co.'],
    packs: UNIT,
    unitPrice: 6.5,
    description: 'Stainless flat-fan nozzles, 110° pattern; pick the orifice size for your rate.',
    seller: 'prairie-ag-supply',
  },
  {
    name: 'Air-Induction Drift Tips',
    category: 'supplies',
    kind: 'house_special',
    makers: ['Prairie Ag Supply Co.'],
    packs: UNIT,
    unitPrice: 11.5,
    description: 'Coarse droplets for dicamba and near-sensitive crops.',
    seller: 'prairie-ag-supply',
  },
  {
    name: 'Chemical-Resistant Nitrile Gloves',
    category: 'supplies',
    kind: 'house_special',
    makers: [HOUSE, 'Prairie Ag Supply Co.'],
    packs: UNIT,
    unitPrice: 4.2,
    description: '15 mil nitrile, 13 inch cuff, as pesticide labels require.',
  },
  {
    name: '1,000 gal Poly Nurse Tank',
    category: 'supplies',
    kind: 'house_special',
    makers: ['Prairie Ag Supply Co.'],
    packs: [{ label: 'Each', size: 1, unit: 'unit', factor: 1 }],
    unitPrice: 1190,
    description: 'UV-stabilized nurse tank with 3 inch fittings.',
    seller: 'prairie-ag-supply',
  },
  {
    name: 'Heavy-Duty Steel T-Posts',
    category: 'farm-and-ranch',
    kind: 'house_special',
    makers: ['Prairie Ag Supply Co.'],
    packs: [
      { label: 'Bundle of 5', size: 5, unit: 'post', factor: 1 },
      { label: 'Bundle of 50', size: 50, unit: 'post', factor: 0.9 },
    ],
    unitPrice: 5.9,
    description: '6.5 ft studded T-posts, 1.33 lb/ft.',
    seller: 'prairie-ag-supply',
  },
  {
    name: 'High-Tensile Barbed Wire',
    category: 'farm-and-ranch',
    kind: 'house_special',
    makers: ['Prairie Ag Supply Co.'],
    packs: [{ label: '1,320 ft roll', size: 1320, unit: 'ft', factor: 1 }],
    unitPrice: 0.07,
    description: '15.5 gauge, 4-point, class 3 galvanized.',
    seller: 'prairie-ag-supply',
  },
  {
    name: 'Livestock Panel Gate 12 ft',
    category: 'farm-and-ranch',
    kind: 'house_special',
    makers: ['Prairie Ag Supply Co.'],
    packs: [{ label: 'Each', size: 1, unit: 'unit', factor: 1 }],
    unitPrice: 189,
    description: '1-5/8 inch tube gate with chain latch.',
    seller: 'prairie-ag-supply',
  },
];

/** Formulation suffixes that turn one template into more SKUs when a bigger catalogue is asked for (the benchmark). */
const EXTRA_SUFFIXES = ['', ' Pro', ' Max', ' XT', ' Select', ' Advanced', ' Ultra', ' Plus II', ' HC', ' Edge'];

const MAKER_SLUG = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');

function sizeCount(size: StoreSeedOptions['size']): number {
  if (typeof size === 'number') return size;
  return size === 'small' ? 90 : 320;
}

/** A price ending as shelf prices do: .99 over $20, .49/.99 under, cents below a dollar kept. */
function shelfPrice(value: number): string {
  if (value < 1) return value.toFixed(4).replace(/0+$/, '').replace(/\.$/, '') || '0';
  if (value < 20) return (Math.round(value * 2) / 2 - 0.01).toFixed(2);
  return (Math.round(value) - 0.01).toFixed(2);
}

function productSvg(name: string, brand: string, kind: string, hue: number): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const shape =
    kind === 'chemical' || kind === 'liquid_fertilizer'
      ? `<path d="M210 150h90v-30h40v30h50c22 0 40 18 40 40v290c0 22-18 40-40 40H210c-22 0-40-18-40-40V190c0-22 18-40 40-40z" fill="hsl(${hue} 55% 42%)"/><rect x="190" y="250" width="220" height="150" rx="12" fill="#fff" opacity=".92"/>`
      : kind === 'pharmaceutical'
        ? `<rect x="240" y="120" width="120" height="40" rx="8" fill="#555"/><rect x="215" y="160" width="170" height="320" rx="24" fill="hsl(${hue} 50% 45%)"/><rect x="225" y="250" width="150" height="150" rx="10" fill="#fff" opacity=".92"/>`
        : `<path d="M160 160c60-30 220-30 280 0l20 320c-80 30-240 30-320 0z" fill="hsl(${hue} 45% 48%)"/><rect x="190" y="250" width="220" height="150" rx="12" fill="#fff" opacity=".92"/>`;
  const words = name.split(' ');
  const lines: string[] = [];
  for (const w of words) {
    const last = lines.at(-1);
    if (last && (last + ' ' + w).length <= 16) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  const text = lines
    .slice(0, 3)
    .map(
      (l, i) =>
        `<text x="300" y="${300 + i * 30}" font-size="26" font-weight="700" text-anchor="middle" fill="#222">${esc(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" font-family="Helvetica, Arial, sans-serif"><rect width="600" height="600" fill="hsl(${hue} 30% 96%)"/>${shape}${text}<text x="300" y="385" font-size="15" text-anchor="middle" fill="#555">${esc(brand)}</text></svg>`;
}

async function insertBatched<T>(rows: T[], batch: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) await insert(rows.slice(i, i + batch));
}

/**
 * Seeds the store catalogue (once: does nothing when there are sellers already). Returns the number of products.
 */
export async function seedStoreDemo(db: Db, options: StoreSeedOptions = {}): Promise<number> {
  if (rowsOf(await db.execute(sql`select 1 from store_sellers limit 1`)).length > 0) return 0;
  const rand = seededRandom(options.seed ?? 6);
  const batch = options.batch ?? 500;
  const target = sizeCount(options.size ?? 'full');
  const withImages = options.images ?? true;

  const sellers = await db
    .insert(storeSellers)
    .values(STORE_SELLERS)
    .returning({ id: storeSellers.id, slug: storeSellers.slug });
  const sellerId = new Map(sellers.map((s) => [s.slug, s.id]));
  const warehouses = await db
    .insert(storeWarehouses)
    .values(STORE_WAREHOUSES)
    .returning({ id: storeWarehouses.id, country: storeWarehouses.country });

  // Categories, parents first.
  const categoryId = new Map<string, number>();
  for (const [position, cat] of STORE_CATEGORY_TREE.entries()) {
    const parts = cat.path.split('/');
    const parentPath = parts.slice(0, -1).join('/');
    const [row] = await db
      .insert(storeCategories)
      .values({
        path: cat.path,
        slug: parts.at(-1)!,
        parentId: parentPath ? (categoryId.get(parentPath) ?? null) : null,
        depth: parts.length - 1,
        name: cat.name,
        description: cat.description ?? '',
        productCategory: cat.productCategory,
        featured: cat.featured ?? false,
        position,
      })
      .returning({ id: storeCategories.id });
    categoryId.set(cat.path, row!.id);
  }
  const ingredientRows = await db
    .insert(storeIngredients)
    .values(
      STORE_INGREDIENTS.map((i) => ({
        slug: i.slug,
        name: i.name,
        ingredientType: i.type,
        modeOfAction: i.moa,
        description: i.description,
      })),
    )
    .returning({ id: storeIngredients.id, slug: storeIngredients.slug });
  const ingredientId = new Map(ingredientRows.map((r) => [r.slug, r.id]));
  const pestRows = await db
    .insert(storePests)
    .values(
      STORE_PESTS.map((p) => ({
        slug: p.slug,
        name: p.name,
        pestType: p.type,
        scientificName: p.sci,
        description: `${p.name} (${p.sci}).`,
      })),
    )
    .returning({ id: storePests.id, slug: storePests.slug });
  const pestId = new Map(pestRows.map((r) => [r.slug, r.id]));
  const rupIngredients = new Set(STORE_INGREDIENTS.filter((i) => i.rup).map((i) => i.slug));

  // The product list: every (template, maker) pair, then more formulations of them until the target is reached.
  type Planned = { t: Template; maker: string; suffix: string };
  // Each template's first maker comes first, so that a small catalogue still spans every category.
  const base: Planned[] = TEMPLATES.flatMap((t) => t.makers.map((maker, rank) => ({ t, maker, suffix: '', rank })))
    .sort((a, b) => a.rank - b.rank)
    .map(({ t, maker, suffix }) => ({ t, maker, suffix }));
  const planned: Planned[] = [];
  for (let round = 0; planned.length < target; round++) {
    const suffix = round < EXTRA_SUFFIXES.length ? EXTRA_SUFFIXES[round]! : ` ${round + 1}`;
    for (const p of base) {
      if (planned.length >= target) break;
      planned.push({ ...p, suffix });
    }
  }

  const products = planned.map((p, index) => {
    const brand = p.maker === HOUSE ? HOUSE : p.maker;
    const name = `${p.t.name}${p.suffix}`;
    const slugBase = MAKER_SLUG(`${brand === HOUSE ? 'hs' : brand.split(' ')[0]} ${name}`);
    const sellerSlug = p.t.seller && p.maker !== HOUSE ? p.t.seller : 'house';
    const rup = (p.t.ingredients ?? []).some(([slug]) => rupIngredients.has(slug));
    return {
      planned: p,
      row: {
        slug: index < base.length ? slugBase : `${slugBase}-${index}`,
        name,
        brand,
        manufacturer: brand === HOUSE ? 'Harvest Standard Products LLC' : brand,
        kind: p.t.kind,
        categoryId: categoryId.get(p.t.category)!,
        categoryPath: p.t.category,
        sellerId: sellerId.get(sellerSlug)!,
        description: p.t.description,
        restrictedUse: rup,
        programs: p.t.programs ?? [],
        isDeal: rand() < 0.12,
        featured: rand() < 0.08,
        rating: (3.6 + rand() * 1.4).toFixed(2),
        reviewCount: Math.floor(rand() * 240),
      },
    };
  });

  const productIds: number[] = [];
  await insertBatched(products, batch, async (chunk) => {
    const rows = await db
      .insert(storeProducts)
      .values(chunk.map((c) => c.row))
      .returning({ id: storeProducts.id });
    productIds.push(...rows.map((r) => r.id));
  });

  const variants: (typeof storeVariants.$inferInsert)[] = [];
  const prices: {
    variantIndex: number;
    country: 'USA' | 'CAN';
    currency: 'USD' | 'CAD';
    amount: string;
    listAmount: string | null;
  }[] = [];
  const links: (typeof storeProductIngredients.$inferInsert)[] = [];
  const pestLinks: (typeof storeProductPests.$inferInsert)[] = [];
  const documents: (typeof storeDocuments.$inferInsert)[] = [];
  const images: (typeof storeImages.$inferInsert)[] = [];
  const variantStockSeed: number[] = [];
  products.forEach(({ planned: p, row }, i) => {
    const productId = productIds[i]!;
    const skuBase = `${row.brand.slice(0, 2).toUpperCase()}${String(productId).padStart(6, '0')}`;
    const makerFactor = p.maker === HOUSE ? 0.92 : 0.95 + rand() * 0.15;
    const suffixFactor = 1 + EXTRA_SUFFIXES.indexOf(p.suffix) * 0.03;
    const countries = p.t.countries ?? ['USA', 'CAN'];
    p.t.packs.forEach((pack, position) => {
      const variantIndex = variants.length;
      variants.push({
        productId,
        sku: `${skuBase}-${position + 1}`,
        label: pack.label,
        size: String(pack.size),
        unit: pack.unit,
        packCount: pack.packCount ?? 1,
        position,
      });
      const usd =
        p.t.unitPrice *
        pack.size *
        (pack.packCount ?? 1) *
        pack.factor *
        makerFactor *
        (suffixFactor > 0 ? suffixFactor : 1);
      const onSale = row.isDeal && position === 0;
      for (const country of countries) {
        const value = country === 'USA' ? usd : usd * 1.36;
        const amount = shelfPrice(onSale ? value * 0.88 : value);
        prices.push({
          variantIndex,
          country,
          currency: country === 'USA' ? 'USD' : 'CAD',
          amount: Number(amount) > 0 ? amount : '0.01',
          listAmount: onSale ? shelfPrice(value) : null,
        });
      }
      variantStockSeed.push(rand());
    });
    for (const [slug, concentration, unit] of p.t.ingredients ?? []) {
      links.push({
        productId,
        ingredientId: ingredientId.get(slug)!,
        concentration: String(concentration),
        concentrationUnit: unit,
      });
    }
    for (const slug of p.t.pests ?? []) pestLinks.push({ productId, pestId: pestId.get(slug)! });
    for (const docType of p.t.docs ?? []) {
      const title = {
        'specimen-label': 'Specimen label',
        sds: 'Safety data sheet',
        'tech-sheet': 'Technical sheet',
        'mixing-instructions': 'Mixing instructions',
      }[docType]!;
      documents.push({
        productId,
        docType,
        title: `${row.name} — ${title}`,
        revisedOn: `202${4 + Math.floor(rand() * 2)}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-15`,
      });
    }
    if (withImages) {
      const hue = (MAKER_SLUG(row.categoryPath).length * 37 + row.brand.length * 11) % 360;
      images.push({
        productId,
        position: 0,
        width: 600,
        height: 600,
        alt: row.name,
        contentType: 'image/svg+xml',
        data: productSvg(row.name, row.brand, row.kind, hue),
      });
    }
  });

  const variantIds: number[] = [];
  await insertBatched(variants, batch, async (chunk) => {
    const rows = await db.insert(storeVariants).values(chunk).returning({ id: storeVariants.id });
    variantIds.push(...rows.map((r) => r.id));
  });
  await insertBatched(prices, batch * 2, (chunk) =>
    db
      .insert(storeVariantPrices)
      .values(chunk.map(({ variantIndex, ...p }) => ({ ...p, variantId: variantIds[variantIndex]! }))),
  );
  const stock: (typeof storeStock.$inferInsert)[] = [];
  variantIds.forEach((variantId, i) => {
    const r = variantStockSeed[i]!;
    warehouses.forEach((w, wi) => {
      // About one variant in eight is out everywhere; the rest are spread over the warehouses.
      const out = r < 0.12 || (r * 10 + wi) % 3 < 0.6;
      stock.push({
        variantId,
        warehouseId: w.id,
        quantity: out ? 0 : Math.floor(((r * 997 + wi * 131) % 1) * 180) + 2,
      });
    });
  });
  await insertBatched(stock, batch * 4, (chunk) => db.insert(storeStock).values(chunk));
  await insertBatched(links, batch * 2, (chunk) => db.insert(storeProductIngredients).values(chunk));
  await insertBatched(pestLinks, batch * 2, (chunk) => db.insert(storeProductPests).values(chunk));
  await insertBatched(documents, batch * 2, (chunk) => db.insert(storeDocuments).values(chunk));
  await insertBatched(images, 200, (chunk) => db.insert(storeImages).values(chunk));

  await refreshProductRegions(db);
  await refreshSearchDocuments(db);
  return products.length;
}
