// The shipped systemd unit starts what exists in this checkout, restarts on any exit, and gives the
// process's own drain (SHUTDOWN_TIMEOUT_SECONDS) time to finish before systemd kills it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_NAMES, loadConfig } from '../../src/server/config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const readmeSection = (title: string) =>
  readme.slice(readme.indexOf(`\n## ${title}\n`), readme.indexOf('\n## ', readme.indexOf(`\n## ${title}\n`) + 1));
const unit = readFileSync(path.join(import.meta.dirname, 'enterprise-os@.service'), 'utf8');
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
