// The production bundle (scripts/build-server.mjs, docs/decisions/049) loads at start only what serving and importing
// need: mail rendering (react-email), nodemailer, the password-strength dictionaries and pdf-lib are import()ed by
// the code that uses them. A static import of any module that reaches them (a constant next to a mail template, say)
// brings them back into every server's memory, which is how react-email came back once unnoticed.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../../scripts/build-server.mjs', import.meta.url));

/** Loaded on first use only: ~20–45 MB of resident memory each that an idle server or an import never needs. */
const ON_FIRST_USE = [
  'react',
  'react-dom',
  '@react-email/components',
  '@react-email/render',
  'nodemailer',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  'pdf-lib',
];

describe('the production server bundle', () => {
  it('loads mail rendering, SMTP, password scoring and pdf-lib on first use, not at start', () => {
    const run = spawnSync(process.execPath, [script, '--boot-packages'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const atStart = JSON.parse(run.stdout) as string[];
    expect(atStart).toEqual(expect.arrayContaining(['fastify', 'pg', 'drizzle-orm']));
    expect(atStart.filter((name) => ON_FIRST_USE.includes(name))).toEqual([]);
  });
});
