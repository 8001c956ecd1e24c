// What the install may run and on which Node the packages run, checked against the lock:
// - every locked package with an install script is approved or denied in package.json's
//   "allowScripts" (npm's strict-allow-scripts fails the install otherwise; this says it before
//   anyone installs), and every entry there still names a locked package;
// - the Node the project runs on is pinned exactly as a dependency (the `node` package): a
//   production install (--omit=dev) must still have it (ADR 024);
// - every locked package's "engines.node" accepts that pinned Node. npm itself compares engines
//   with the Node that runs npm, so its warnings are silenced in .npmrc and this check stands in.
import semver from 'semver';

type LockedPackage = { version?: string; hasInstallScript?: boolean; engines?: { node?: string } | string[] };
export type Lock = { packages: Record<string, LockedPackage> };
export type PackageJson = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};

/** `node_modules/a/node_modules/@s/b` → `@s/b`; the root entry is '' → the project itself. */
const nameOf = (lockPath: string) => lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);

export function installPolicyProblems(pkg: PackageJson, lock: Lock): string[] {
  const problems: string[] = [];
  const pinned = pkg.dependencies?.node;
  if (!pinned || !semver.valid(pinned)) problems.push('package.json must pin an exact Node in dependencies.node');
  if (pkg.devDependencies?.node)
    problems.push('package.json lists node in devDependencies: the runtime is a dependency, or a production install has no Node');

  const policy = pkg.allowScripts ?? {};
  const locked = new Set<string>();
  for (const [lockPath, entry] of Object.entries(lock.packages)) {
    if (lockPath === '') continue;
    const name = nameOf(lockPath);
    locked.add(name);
    if (entry.hasInstallScript && !(name in policy)) {
      problems.push(`${name}@${entry.version} has an install script that package.json "allowScripts" neither approves nor denies`);
    }
  }
  for (const name of Object.keys(policy)) {
    if (!locked.has(name)) problems.push(`"allowScripts" names ${name}, which is not in the lock`);
  }

  if (pinned && semver.valid(pinned)) {
    for (const [lockPath, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (range && !semver.satisfies(pinned, range, { includePrerelease: true })) {
        problems.push(
          `${lockPath === '' ? 'the project' : `${nameOf(lockPath)}@${entry.version}`} needs Node ${range}; the project pins ${pinned}`,
        );
      }
    }
  }
  return problems;
}
