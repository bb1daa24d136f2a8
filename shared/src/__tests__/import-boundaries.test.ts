/**
 * @jest-environment node
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * The workspace's one-way imports (shared <- mfe-* <- host) are enforced by the root lint
 * config. These cases prove the rules fire, so a config change that drops them fails here.
 */
const root = path.resolve(__dirname, '../../..');
const eslintBin = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

type Result = { messages: { ruleId: string | null; message: string }[] };

// ESLint runs as its own process: its ESM config cannot load inside Jest's module system.
async function restrictedImports(file: string, code: string): Promise<string[]> {
  const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', path.join(root, file)], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(run.stdout) as Result[];
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

jest.setTimeout(30_000);

describe('import boundaries', () => {
  it.each([
    ['mfe-plan/src/x.ts', "import { x } from '@join/mfe-number';\nexport const y = x;\n"],
    ['mfe-plan/src/x.ts', "import { x } from '../../mfe-number/src/step';\nexport const y = x;\n"],
    ['mfe-number/src/x.ts', "import { x } from '@join/host';\nexport const y = x;\n"],
    ['mfe-number/src/x.ts', "import { x } from '../../shared/src/store';\nexport const y = x;\n"],
    ['host/src/x.ts', "import { x } from '@join/mfe-plan';\nexport const y = x;\n"],
    ['shared/src/x.ts', "import { x } from '@join/host';\nexport const y = x;\n"],
    ['api/src/x.ts', "import { x } from '@join/mfe-plan';\nexport const y = x;\n"],
    // The kernel imports no domain; a domain reaches the kernel by package name only, and no other domain.
    ['shared/src/x.ts', "import { planApi } from './domains/plans/endpoints';\nexport const y = planApi;\n"],
    ['shared/src/domains/numbers/x.ts', "import { store } from '../../store';\nexport const y = store;\n"],
    ['shared/src/domains/numbers/x.ts', "import { planApi } from '@join/shared/plans';\nexport const y = planApi;\n"],
    // The kernel core is framework-free (jotai's vanilla / react split): no React, no JSX, nothing
    // of its React layer or UI primitives; those reach the core by package name only.
    ['shared/src/flow/x.ts', "import { useState } from 'react';\nexport const y = useState;\n"],
    ['shared/src/x.ts', "import { useT } from './react/use-t';\nexport const y = useT;\n"],
    ['shared/src/flow/x.ts', "import { Button } from '../ui/button';\nexport const y = Button;\n"],
    ['shared/src/x.ts', "import { useT } from '@join/shared/react';\nexport const y = useT;\n"],
    ['shared/src/react/x.ts', "import { i18n } from '../i18n/i18n';\nexport const y = i18n;\n"],
    ['shared/src/react/x.ts', "import { Button } from '@join/shared/ui';\nexport const y = Button;\n"],
    ['shared/src/ui/x.tsx', "import { formatAed } from '../format/format';\nexport const y = formatAed;\n"],
  ])('%s may not import across the boundary: %s', async (file, code) => {
    expect(await restrictedImports(file, code)).toHaveLength(1);
  });

  it.each([
    ['mfe-plan/src/x.ts', "import { store } from '@join/shared';\nexport const y = store;\n"],
    ['host/src/x.ts', "import { bus } from '@join/shared';\nexport const y = bus;\n"],
    ['api/src/x.ts', "import { Msisdn } from '@join/shared/contract';\nexport const y = Msisdn;\n"],
    ['shared/src/domains/numbers/x.ts', "import { store } from '@join/shared';\nexport const y = store;\n"],
    ['mfe-number/src/x.ts', "import { numberApi } from '@join/shared/numbers';\nexport const y = numberApi;\n"],
    ['shared/src/react/x.ts', "import { i18n } from '@join/shared';\nexport const y = i18n;\n"],
    ['shared/src/ui/x.tsx', "import { formatAed } from '@join/shared';\nimport { useT } from '@join/shared/react';\nexport const y = [formatAed, useT];\n"],
    ['mfe-plan/src/x.tsx', "import { Button } from '@join/shared/ui';\nexport const y = Button;\n"],
  ])('%s may import the shared package by name', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});

describe('the kernel core renders nothing', () => {
  it('refuses JSX in a core file', async () => {
    const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', path.join(root, 'shared/src/flow/x.tsx')], {
      cwd: root,
      input: 'export const y = <p>hi</p>;\n',
      encoding: 'utf8',
    });
    const [result] = JSON.parse(run.stdout) as Result[];
    expect((result?.messages ?? []).map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
  });
});
