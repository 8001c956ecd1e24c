// `npm test` step: package.json's install-script policy and pinned Node agree with the lock
// (scripts/install-policy.ts says what is checked and why).
import { readFileSync } from 'node:fs';
import { installPolicyProblems, type Lock, type PackageJson } from './install-policy.ts';

const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const problems = installPolicyProblems(read<PackageJson>('package.json'), read<Lock>('package-lock.json'));
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('install policy: ok');
