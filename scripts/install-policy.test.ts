import { describe, expect, it } from 'vitest';
import { installPolicyProblems } from './install-policy.ts';

const pkg = { dependencies: { node: '24.21.0' }, allowScripts: { node: true, esbuild: false } };
const lock = {
  packages: {
    '': { engines: { node: '>=24' } },
    'node_modules/node': { version: '24.21.0', hasInstallScript: true },
    'node_modules/vite/node_modules/esbuild': { version: '0.28.2', hasInstallScript: true, engines: { node: '>=18' } },
    'node_modules/ai': { version: '7.0.0', engines: { node: '^22.22.2 || ^24.15.0 || >=26.0.0' } },
  },
};

describe('installPolicyProblems', () => {
  it('accepts a lock whose install scripts are all decided and whose engines accept the pinned Node', () => {
    expect(installPolicyProblems(pkg, lock)).toEqual([]);
  });

  it('names a nested package whose install script is neither approved nor denied', () => {
    const withCoreJs = {
      packages: { ...lock.packages, 'node_modules/posthog-js/node_modules/core-js': { version: '3.51.0', hasInstallScript: true } },
    };
    expect(installPolicyProblems(pkg, withCoreJs)).toEqual([
      'core-js@3.51.0 has an install script that package.json "allowScripts" neither approves nor denies',
    ]);
  });

  it('names a policy entry for a package that is no longer installed', () => {
    expect(installPolicyProblems({ ...pkg, allowScripts: { ...pkg.allowScripts, sharp: true } }, lock)).toEqual([
      '"allowScripts" names sharp, which is not in the lock',
    ]);
  });

  it('names a package (or the project) that the pinned Node does not satisfy', () => {
    const newer = {
      packages: {
        ...lock.packages,
        '': { engines: { node: '>=26' } },
        'node_modules/pg-boss': { version: '13.0.0', engines: { node: '>=26' } },
      },
    };
    expect(installPolicyProblems(pkg, newer)).toEqual([
      'the project needs Node >=26; the project pins 24.21.0',
      'pg-boss@13.0.0 needs Node >=26; the project pins 24.21.0',
    ]);
  });

  it('requires an exact pinned Node', () => {
    expect(installPolicyProblems({ ...pkg, dependencies: { node: '^24' } }, lock)).toEqual([
      'package.json must pin an exact Node in dependencies.node',
    ]);
  });

  it('refuses the runtime as a devDependency: a production install would have no Node', () => {
    expect(installPolicyProblems({ devDependencies: { node: '24.21.0' }, allowScripts: pkg.allowScripts }, lock)).toEqual([
      'package.json must pin an exact Node in dependencies.node',
      'package.json lists node in devDependencies: the runtime is a dependency, or a production install has no Node',
    ]);
  });
});
