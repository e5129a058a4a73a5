import { ESLint } from 'eslint';
import path from 'node:path';

/**
 * Component styles take colours only from shared-config's tokens or the tenant's theme (#32); the
 * repo's lint config refuses a colour literal in a team's `src`. These tests lint small snippets
 * as if they sat in a team's folder and check what is refused and what is left alone.
 */
const root = path.resolve(__dirname, '..', '..', '..');
// The repo's own config object, passed in directly: ESLint would otherwise load it with a
// dynamic import, which jest's module sandbox does not allow.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(path.join(root, 'eslint.config.js')) as ESLint.Options['overrideConfig'];
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

async function colourErrors(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.startsWith('A colour literal'))
    .map((m) => m.line);
}

const header = "import { css } from '@emotion/react';\nimport { SURFACE } from '@forecourt/shared-config';\n";

describe('colour literals in component styles', () => {
  it('refuse a hex colour in an object style, naming its line', async () => {
    const lines = await colourErrors(
      'mf-search/src/features/x/components/x.tsx',
      `${header}export const a = { color: SURFACE.text };\nexport const b = { color: '#475467' };\n`,
    );
    expect(lines).toEqual([4]);
  });

  it('refuse a hex colour and an rgba() in a css block', async () => {
    const code = `${header}export const a = css\`color: #b42318; border: 1px solid \${SURFACE.border}; box-shadow: 0 1px 2px rgba(16, 24, 40, 0.1);\`;\n`;
    expect(await colourErrors('mf-vehicle/src/features/x/components/x.tsx', code)).toEqual([3, 3]);
  });

  it('refuse a colour name as a value in a css block, an object style and an SVG attribute', async () => {
    const code = `${header}export const a = css\`background: white;\`;\nexport const b = { borderColor: 'black' };\nexport const c = <path stroke="white" />;\n`;
    expect(await colourErrors('shell/src/chrome/x.tsx', code)).toEqual([3, 4, 5]);
  });

  it('refuse a literal in shared-config’s own components', async () => {
    expect(await colourErrors('shared-config/src/ui/x.tsx', `${header}export const a = { fill: '#fff' };\n`)).toEqual([
      3,
    ]);
  });

  it("refuse a literal in the operator console's styles, and allow its own tokens file", async () => {
    const code = "import { css } from '@emotion/react';\nexport const a = css`color: #b91c1c;`;\n";
    expect([
      await colourErrors('console/src/pages/x.tsx', code),
      await colourErrors('console/src/theme/tokens.ts', code),
    ]).toEqual([[2], []]);
  });

  it('allow tokens, colour words outside a colour, anchors and comments', async () => {
    const code = `${header}// white on #101828 reads at 17:1
export const a = css\`color: \${SURFACE.text}; white-space: nowrap; label: mf-leads-red-alert;\`;
export const b = { href: '#forecourt-main', tone: 'green', colour: 'White' };
`;
    expect(await colourErrors('mf-leads/src/features/x/components/x.tsx', code)).toEqual([]);
  });

  it('allow colours in the token file, the tenant schema and tests', async () => {
    const code = "export const A = { color: '#475467' };\n";
    expect(await colourErrors('shared-config/src/ui/tokens.ts', code)).toEqual([]);
    expect(await colourErrors('shared-config/src/tenant/schema.ts', code)).toEqual([]);
    expect(await colourErrors('mf-search/src/features/x/components/x.test.tsx', code)).toEqual([]);
  });
});
