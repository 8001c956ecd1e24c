// The shipped systemd unit starts what exists in this checkout, restarts on any exit, and gives the
// process's own drain (SHUTDOWN_TIMEOUT_SECONDS) time to finish before systemd kills it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
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
