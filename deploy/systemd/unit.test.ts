// The shipped systemd unit starts what exists in this checkout, restarts on any exit, gives the
// process's own drain (SHUTDOWN_TIMEOUT_SECONDS) time to finish before systemd kills it, and is
// rated "OK" (2.0 or below) by systemd's own security analysis, run here on the file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_NAMES, loadConfig } from '../../src/server/config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const readmeSection = (title: string) =>
  readme.slice(readme.indexOf(`\n## ${title}\n`), readme.indexOf('\n## ', readme.indexOf(`\n## ${title}\n`) + 1));
const unitPath = path.join(import.meta.dirname, 'enterprise-os@.service');
const unit = readFileSync(unitPath, 'utf8');
const sysusersPath = path.join(import.meta.dirname, 'enterprise-os.sysusers.conf');
const setting = (name: string) =>
  unit
    .split('\n')
    .filter((line) => line.startsWith(`${name}=`))
    .map((line) => line.slice(name.length + 1));

describe('deploy/systemd/enterprise-os@.service', () => {
  it('runs the server with the Node this checkout installs, from its folder', () => {
    const [execStart] = setting('ExecStart');
    const [binary, script] = execStart!.split(' ');
    const [workingDirectory] = setting('WorkingDirectory');
    expect(binary!.startsWith(`${workingDirectory}/`)).toBe(true);
    expect(existsSync(path.join(ROOT, path.relative(workingDirectory!, binary!)))).toBe(true);
    expect(existsSync(path.join(ROOT, script!))).toBe(true);
    expect(setting('Environment')).toEqual(['NODE_ENV=production', 'ROLE=%i']);
  });

  it('restarts on every exit, without giving up', () => {
    expect(setting('Restart')).toEqual(['always']);
    expect(setting('StartLimitIntervalSec')).toEqual(['0']);
  });

  it('waits longer than the default drain before killing', () => {
    const { SHUTDOWN_TIMEOUT_SECONDS } = loadConfig({});
    expect(setting('KillSignal')).toEqual(['SIGTERM']);
    expect(Number.parseInt(setting('TimeoutStopSec')[0]!, 10)).toBeGreaterThan(SHUTDOWN_TIMEOUT_SECONDS);
  });
});

/**
 * A systemd tool's output; a missing tool fails the test (saying how to install it) rather than
 * passing without having looked: every Debian machine that runs the tests (CI included) has them.
 */
function systemdTool(command: string, args: string[]) {
  const run = spawnSync(command, args, { encoding: 'utf8' });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(`${command} is not installed; it comes with systemd (Debian: \`sudo apt-get install -y systemd\`).`);
  }
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('deploy/systemd hardening', () => {
  it('is rated 2.0 ("OK") or below by systemd-analyze security', () => {
    // --offline (systemd 250+) rates the file itself, with no running systemd needed.
    const { output } = systemdTool('systemd-analyze', ['security', '--offline=true', '--no-pager', unitPath]);
    const exposure = /Overall exposure level for \S+: (\d+(?:\.\d+)?) (\S+)/.exec(output);
    expect(exposure, output).not.toBeNull();
    const findings = output.split('\n').filter((line) => line.startsWith('✗'));
    expect(Number(exposure![1]), findings.join('\n')).toBeLessThanOrEqual(2.0);
  });

  it('takes away what the server never needs and keeps what Node needs', () => {
    expect(setting('User')).toEqual(['enterprise-os']);
    expect(setting('NoNewPrivileges')).toEqual(['yes']);
    expect(setting('CapabilityBoundingSet')).toEqual(['']);
    // Read-only everywhere but DATA_DIR (the admin CLI and the embedded database use the same folder).
    expect(setting('ProtectSystem')).toEqual(['strict']);
    expect(setting('ReadWritePaths')).toEqual([`-${setting('WorkingDirectory')[0]}/data`]);
    expect(setting('SystemCallFilter')).toEqual(['@system-service', '~@privileged @resources']);
    expect(setting('RestrictAddressFamilies')).toEqual(['AF_INET AF_INET6 AF_UNIX']);
    // V8's JIT writes code it then runs: Node does not start with MemoryDenyWriteExecute=yes.
    expect(setting('MemoryDenyWriteExecute')).toEqual(['no']);
    // Node alone gets SIGTERM; it stops an embedded PostgreSQL itself after the drain.
    expect(setting('KillMode')).toEqual(['mixed']);
  });

  it("creates the unit's user with systemd-sysusers, without a login", () => {
    const [type, name, , , home, shell] = readFileSync(sysusersPath, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('u '))!
      .match(/"[^"]*"|\S+/g)!;
    expect([type, name, home, shell]).toEqual(['u', setting('User')[0], setting('WorkingDirectory')[0], '/usr/sbin/nologin']);
    const root = mkdtempSync(path.join(tmpdir(), 'sysusers-'));
    try {
      const { status, output } = systemdTool('systemd-sysusers', ['--dry-run', `--root=${root}`, sysusersPath]);
      expect(status, output).toBe(0);
      expect(output).toContain(`Creating user '${setting('User')[0]}'`);
      expect(output).toContain(`Creating group '${setting('Group')[0]}'`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

// README's production commands are copied as they are: what they do on every start must be safe.
describe('README, Production', () => {
  const production = readmeSection('Production');

  it('never generates AUTH_SECRET on a start: one generated now would sign everyone out on each restart', () => {
    const commands = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
    for (const command of commands) {
      // A generated secret belongs only in the environment file written once (a heredoc into it).
      for (const line of command.split('\n').filter((l) => /AUTH_SECRET=\$\(/.test(l))) {
        expect(command, line).toMatch(/tee \/etc\/enterprise-os\/env\b[^\n]*<<EOF\n(?:[A-Z_]+=.*\n)*AUTH_SECRET=\$\(/);
      }
    }
  });

  it("keeps the settings in the unit's environment file, private to its owner, and starts from it by hand too", () => {
    const [environmentFile] = setting('EnvironmentFile');
    expect(environmentFile).toBe('/etc/enterprise-os/env');
    expect(production).toContain(`install -m 600 -o enterprise-os /dev/null ${environmentFile}`);
    expect(production).toContain(`--env-file=${environmentFile}`);
  });

  it('says what rotating AUTH_SECRET does', () => {
    const prose = production.replace(/\s+/g, ' ');
    expect(prose).toMatch(/Rotating `AUTH_SECRET`[^.]*signs everyone out/);
    expect(prose).toMatch(/unsubscribe links in e-mails already sent stop working/);
  });

  it('lists every variable the product reads in its configuration table', () => {
    const table = readmeSection('Configuration');
    const perTask = (name: string) => name.startsWith('AI_MODEL_');
    expect(KNOWN_NAMES.filter((name) => !perTask(name) && !table.includes(`\`${name}\``))).toEqual([]);
    expect(table).toContain('`AI_MODEL_<TASK>`');
  });
});
