// The demo's sustainability programs (issue 17, decision 059): at the demo partner's Ames market, "Low-carbon corn"
// for next year's corn ($0.10/bu: cover crops, reduced tillage, a nutrient plan) and a per-acre soybean program, both
// open, with a few of the market's clients already enrolled so that the CRM's list has rows; the demo farmer is not
// enrolled, so the profit center shows the program to join.

import { addDays, enrolmentTerms, type SustainabilityQuestion } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { sha256 } from '../../platform/crypto.ts';
import {
  clientsOfMarketByName,
  insertEnrolment,
  insertProgram,
  marketBySlug,
  programById,
} from './sustainability.repo.ts';

const CORN_SURVEY: SustainabilityQuestion[] = [
  {
    id: 'cover_crop',
    kind: 'choice',
    label: 'Which cover crop will you plant on the enrolled acres?',
    required: true,
    options: ['Cereal rye', 'Oats', 'Radish mix', 'Multi-species mix'],
  },
  {
    id: 'reduced_tillage',
    kind: 'yes_no',
    label: 'Will the enrolled fields be no-till or strip-till?',
    required: true,
  },
  {
    id: 'nutrient_plan',
    kind: 'yes_no',
    label: 'Do you follow a written (4R) nutrient management plan?',
    required: true,
  },
  { id: 'fields', kind: 'number', label: 'How many fields are you enrolling?', required: true, min: 1, max: 200 },
  { id: 'notes', kind: 'text', label: 'Anything the program lead should know?', required: false },
];

const SOY_SURVEY: SustainabilityQuestion[] = [
  {
    id: 'soil_test',
    kind: 'yes_no',
    label: 'Have the enrolled fields been soil tested in the last 3 years?',
    required: true,
  },
  { id: 'fields', kind: 'number', label: 'How many fields are you enrolling?', required: true, min: 1, max: 200 },
];

export async function seedSustainabilityDemo(
  db: Db,
  options: { partnerId: string; marketSlug: string; today: string },
): Promise<void> {
  const market = await marketBySlug(db, options.partnerId, options.marketSlug);
  if (!market) return;
  const year = Number(options.today.slice(0, 4)) + 1;
  const common = {
    partnerId: options.partnerId,
    marketId: market.id,
    cropYear: year,
    enrolmentOpens: addDays(options.today, -21),
    enrolmentCloses: addDays(options.today, 120),
    status: 'open' as const,
    userId: null,
  };
  const cornId = await insertProgram(db, {
    ...common,
    cropId: 1,
    name: `Low-carbon corn ${year}`,
    description:
      'A premium on every bushel of corn delivered from enrolled acres grown with a cover crop, reduced tillage and a ' +
      'nutrient management plan. Practices are verified once after planting.',
    premium: '0.10',
    premiumUnit: 'bushel',
    practices: ['Cover crops', 'Reduced tillage (no-till or strip-till)', 'Nutrient management plan (4R)'],
    maxAcres: '25000',
    questions: CORN_SURVEY,
  });
  await insertProgram(db, {
    ...common,
    cropId: 2,
    name: `Soil health soybeans ${year}`,
    description: 'A per-acre payment for soybeans grown on soil-tested fields with a cover crop after harvest.',
    premium: '8.00',
    premiumUnit: 'acre',
    practices: ['Soil testing', 'Cover crop after harvest'],
    maxAcres: null,
    questions: SOY_SURVEY,
  });
  const corn = (await programById(db, cornId))!;
  const clients = await clientsOfMarketByName(db, market.id, 4);
  const acres = ['320', '640.5', '1200', '410'];
  const signedAt = new Date(`${addDays(options.today, -7)}T15:30:00Z`);
  for (const [i, client] of clients.entries()) {
    const answers = [
      { questionId: 'cover_crop', value: CORN_SURVEY[0]!.options![i % 4]! },
      { questionId: 'reduced_tillage', value: 'yes' },
      { questionId: 'nutrient_plan', value: i === 2 ? 'no' : 'yes' },
      { questionId: 'fields', value: String(3 + i * 2) },
    ];
    const sent = i === 3;
    await insertEnrolment(db, {
      programId: corn.id,
      surveyId: corn.surveyId,
      clientId: client.id,
      enterpriseId: client.enterpriseId,
      answers,
      acres: acres[i]!,
      status: sent ? 'sent' : 'enrolled',
      termsHash: sha256(enrolmentTerms({ programId: corn.id, clientId: client.id, acres: acres[i]!, answers })),
      sentAt: new Date(signedAt.getTime() - 86_400_000),
      signerName: sent ? null : client.name,
      signedAt: sent ? null : signedAt,
    });
  }
}
