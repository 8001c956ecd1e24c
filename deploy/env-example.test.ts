// deploy/env.example is the operator's list of settings: it names every variable the server reads,
// its commented lines state the real defaults, and filled in it is a configuration production accepts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { KNOWN_NAMES, loadConfig } from '../src/server/config.ts';

const text = readFileSync(path.join(import.meta.dirname, 'env.example'), 'utf8');
/** `NAME=value` lines, set (`active`) or commented out (`# NAME=value`). */
const assignments = text.split('\n').flatMap((line) => {
  const match = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
  return match ? [{ active: !match[1], name: match[2]!, value: match[3]! }] : [];
});
const active = parseEnv(text);
/** What only the operator knows, as it might be filled in. */
const filled = {
  AUTH_SECRET: 'x'.repeat(32),
  APP_URL: 'https://os.example.com',
  DATABASE_URL: 'postgres://eos:secret@db.example.com:5432/eos',
  SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
};
const withoutWarnings = ({ warnings: _, ...config }: ReturnType<typeof loadConfig>) => config;

describe('deploy/env.example', () => {
  it('names every variable the server reads, once', () => {
    const names = assignments.map((a) => a.name);
    expect(KNOWN_NAMES.filter((name) => !names.includes(name))).toEqual([]);
    expect(names.filter((name) => !KNOWN_NAMES.includes(name))).toEqual([]);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('sets exactly what every line not commented out says', () => {
    expect(active).toEqual(Object.fromEntries(assignments.filter((a) => a.active).map((a) => [a.name, a.value])));
  });

  it('leaves the secrets and addresses blank, and production refuses it until they are filled in', () => {
    for (const name of Object.keys(filled)) expect(active[name], name).toBe('');
    for (const a of assignments.filter((a) => /_KEY$|SECRET/.test(a.name))) expect(a.value, a.name).toBe('');
    expect(() => loadConfig(active)).toThrow(/AUTH_SECRET is required[\s\S]*APP_URL is required[\s\S]*DATABASE_URL is required/);
  });

  it('is a production configuration once they are, without the ROLE that the systemd instance name sets', () => {
    const config = loadConfig({ ...active, ...filled });
    expect(config.production).toBe(true);
    expect(config.warnings).toEqual([]);
    expect(active.ROLE).toBeUndefined();
  });

  it('shows each default as it is: uncommenting a line changes nothing', () => {
    const base = { ...active, ...filled };
    for (const { name, value } of assignments.filter((a) => !a.active && a.value !== '')) {
      expect(withoutWarnings(loadConfig({ ...base, [name]: value })), name).toEqual(withoutWarnings(loadConfig(base)));
    }
  });
});
