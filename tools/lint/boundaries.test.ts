// The import boundaries of DESIGN.md are lint rules (docs/decisions/027). This test plants each forbidden import in a
// temporary file of the real tree and asserts that the project's own ESLint configuration refuses it, so that a
// change to the configuration, a plugin upgrade or a moved directory cannot make the rules silently stop working.
// Run by `npm run lint` (`vitest run --root tools/lint`).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: root });
const planted: string[] = [];

afterAll(() => {
  for (const file of planted) rmSync(file, { force: true });
});

/** Writes the files (path relative to the repository root → source), lints them and returns the rule ids reported. */
async function lint(files: Record<string, string>): Promise<string[]> {
  const paths = Object.entries(files).map(([relative, source]) => {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, source);
    planted.push(path);
    return path;
  });
  try {
    const results = await eslint.lintFiles(paths);
    return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
  } finally {
    for (const path of paths) rmSync(path, { force: true });
  }
}

const tag = `planted-${process.pid}`;

describe('import boundaries', { timeout: 60_000 }, () => {
  it('packages/domain imports no node:, React, fastify or database module', async () => {
    for (const specifier of ['node:fs', 'react', 'fastify', 'drizzle-orm', '@mui/material']) {
      const rules = await lint({
        [`packages/domain/src/${tag}.ts`]: `import * as m from '${specifier}';\nexport const x = m;\n`,
      });
      expect(rules, specifier).toContain('@typescript-eslint/no-restricted-imports');
    }
  });

  it('packages/scs-engine imports worker threads but no other node:, React, fastify or database module', async () => {
    for (const specifier of ['node:fs', 'react', 'fastify', 'drizzle-orm']) {
      const rules = await lint({
        [`packages/scs-engine/src/${tag}.ts`]: `import * as m from '${specifier}';\nexport const x = m;\n`,
      });
      expect(rules, specifier).toContain('@typescript-eslint/no-restricted-imports');
    }
    const allowed = await lint({
      [`packages/scs-engine/src/${tag}.ts`]: `import * as m from 'node:worker_threads';\nexport const x = m;\n`,
    });
    expect(allowed).not.toContain('@typescript-eslint/no-restricted-imports');
  });

  it('the web never imports the server', async () => {
    const rules = await lint({
      [`apps/web/src/lib/${tag}.ts`]: `import { AppError } from '../../../server/src/platform/errors.ts';\nexport const x = AppError;\n`,
    });
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it('a web feature does not import another feature, and lib/ does not import features', async () => {
    const feature = await lint({
      [`apps/web/src/features/store/${tag}.ts`]: `import { CrmLayout } from '../crm/crm-layout.tsx';\nexport const x = CrmLayout;\n`,
    });
    expect(feature).toContain('import-x/no-restricted-paths');
    const lib = await lint({
      [`apps/web/src/lib/${tag}.ts`]: `import { CrmLayout } from '../features/crm/crm-layout.tsx';\nexport const x = CrmLayout;\n`,
    });
    expect(lib).toContain('import-x/no-restricted-paths');
  });

  it("a server module does not import another module's repo, service or routes", async () => {
    for (const target of ['identity/users.repo.ts', 'cart/cart.service.ts', 'public-market/public-market.routes.ts']) {
      const rules = await lint({
        [`apps/server/src/modules/offers/${tag}.ts`]: `import * as m from '../${target}';\nexport const x = m;\n`,
      });
      expect(rules, target).toContain('import-x/no-restricted-paths');
    }
  });

  it('platform/ does not import a module', async () => {
    const rules = await lint({
      [`apps/server/src/platform/${tag}.ts`]: `import * as m from '../modules/cart/cart.service.ts';\nexport const x = m;\n`,
    });
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it('no import cycles', async () => {
    const rules = await lint({
      [`apps/server/src/platform/${tag}-a.ts`]: `import { b } from './${tag}-b.ts';\nexport const a = () => b;\n`,
      [`apps/server/src/platform/${tag}-b.ts`]: `import { a } from './${tag}-a.ts';\nexport const b = () => a;\n`,
    });
    expect(rules).toContain('import-x/no-cycle');
  });

  it('no file over 500 lines nor function over 150 outside the listed exceptions', async () => {
    const body = Array.from({ length: 160 }, (_, i) => `  total += ${i};`).join('\n');
    const functions = Array.from(
      { length: 4 },
      (_, i) => `export function f${i}(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`,
    );
    const rules = await lint({ [`apps/server/src/platform/${tag}.ts`]: functions.join('\n') });
    expect(rules).toContain('max-lines');
    expect(rules).toContain('max-lines-per-function');
  });

  it('no blanket eslint-disable', async () => {
    const rules = await lint({ [`apps/server/src/platform/${tag}.ts`]: `/* eslint-disable */\nexport const x = 1;\n` });
    expect(rules).toContain('@eslint-community/eslint-comments/no-unlimited-disable');
  });

  it('allows what the conventions allow: a module importing its own files, platform and domain', async () => {
    const rules = await lint({
      [`apps/server/src/modules/cart/${tag}.ts`]: [
        `import { AppError } from '../../platform/errors.ts';`,
        `import { cartViewSchema } from '@granary/domain';`,
        `import * as service from './cart.service.ts';`,
        `export const x = [AppError, cartViewSchema, service];`,
        ``,
      ].join('\n'),
    });
    expect(rules).toEqual([]);
  });
});
