import { variantBuildName, variantBuildPrefix } from './variant-builds';

const build = { team: 'mf-finance', version: '9.0.0', fault: 'fragment', sourceHash: 'a'.repeat(64) };

describe('variantBuildName', () => {
  it('is the same for the same team, version, fault and sources', () => {
    expect(variantBuildName({ ...build })).toBe(variantBuildName(build));
  });

  it('is another folder when the sources change, under the same version', () => {
    expect(variantBuildName({ ...build, sourceHash: `${'a'.repeat(15)}b${'a'.repeat(48)}` })).not.toBe(
      variantBuildName(build),
    );
  });

  it('is another folder for another fault or version', () => {
    expect(variantBuildName({ ...build, fault: 'mount' })).not.toBe(variantBuildName(build));
    expect(variantBuildName({ ...build, version: '9.0.1' })).not.toBe(variantBuildName(build));
  });

  it('starts with the prefix every build of that team, version and fault shares', () => {
    const prefix = variantBuildPrefix(build);
    expect(variantBuildName(build).startsWith(prefix)).toBe(true);
    expect(variantBuildName({ ...build, sourceHash: 'b'.repeat(64) }).startsWith(prefix)).toBe(true);
    expect(variantBuildName({ ...build, fault: 'mount' }).startsWith(prefix)).toBe(false);
  });
});
