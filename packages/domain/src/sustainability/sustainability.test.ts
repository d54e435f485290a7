import { describe, expect, it } from 'vitest';
import {
  acresSchema,
  enrolmentTerms,
  surveyAnswerErrors,
  sustainabilityProgramBodySchema,
  type SustainabilityQuestion,
} from './sustainability.ts';

const QUESTIONS: SustainabilityQuestion[] = [
  { id: 'cover', kind: 'choice', label: 'Cover crop', required: true, options: ['Rye', 'Oats'] },
  { id: 'till', kind: 'yes_no', label: 'No-till', required: true },
  { id: 'fields', kind: 'number', label: 'Fields', required: false, min: 1, max: 10 },
  { id: 'notes', kind: 'text', label: 'Notes', required: false },
];

describe('surveyAnswerErrors', () => {
  it('accepts fitting answers and leaves optional ones out', () => {
    expect(
      surveyAnswerErrors(QUESTIONS, [
        { questionId: 'cover', value: 'Rye' },
        { questionId: 'till', value: 'no' },
      ]),
    ).toEqual([]);
  });

  it('names each refused answer by its question', () => {
    expect(
      surveyAnswerErrors(QUESTIONS, [
        { questionId: 'cover', value: 'Wheat' },
        { questionId: 'till', value: ' ' },
        { questionId: 'fields', value: '1e3' },
        { questionId: 'bogus', value: 'x' },
      ]),
    ).toEqual([
      { path: 'answers.bogus', message: 'No such question' },
      { path: 'answers.cover', message: 'Choose one of the options' },
      { path: 'answers.till', message: 'Required' },
      { path: 'answers.fields', message: 'Expected a number' },
    ]);
    expect(surveyAnswerErrors(QUESTIONS, [...base(), { questionId: 'fields', value: '11' }])).toEqual([
      { path: 'answers.fields', message: 'At most 10' },
    ]);
  });
});

const base = () => [
  { questionId: 'cover', value: 'Oats' },
  { questionId: 'till', value: 'yes' },
];

describe('acres and programs', () => {
  it('takes acres above zero with at most two decimals, and never throws on text', () => {
    expect(acresSchema.safeParse('80.5').success).toBe(true);
    expect(acresSchema.safeParse('0').success).toBe(false);
    expect(acresSchema.safeParse('lots').success).toBe(false);
    expect(acresSchema.safeParse('1.234').success).toBe(false);
  });

  it('refuses a number too long for toDecimal (acres, number answers) without throwing', () => {
    const long = '1'.repeat(61);
    expect(acresSchema.safeParse(long).success).toBe(false);
    expect(surveyAnswerErrors(QUESTIONS, [...base(), { questionId: 'fields', value: long }])).toEqual([
      { path: 'answers.fields', message: 'Expected a number' },
    ]);
  });

  it('hashes the same terms the same way whatever the order of the answers', () => {
    const a = enrolmentTerms({ programId: 1, clientId: 2, acres: '80.5', answers: base() });
    const b = enrolmentTerms({ programId: 1, clientId: 2, acres: '80.50', answers: [...base()].reverse() });
    expect(a).toBe(b);
  });

  it('refuses a window closing before it opens and a choice with one option', () => {
    const result = sustainabilityProgramBodySchema.safeParse({
      cropId: 1,
      cropYear: 2027,
      name: 'P',
      description: '',
      premium: '0.10',
      premiumUnit: 'bushel',
      practices: [],
      enrolmentOpens: '2027-02-01',
      enrolmentCloses: '2027-01-01',
      maxAcres: null,
      status: 'open',
      questions: [{ id: 'q', kind: 'choice', label: 'Q', required: true, options: ['A'] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['enrolmentCloses', 'questions.0.options']);
  });
});
