import { describe, expect, it } from 'vitest';
import { webAppStep } from './build-if-stale.ts';

describe('webAppStep', () => {
  it('builds a stale web app in development, where Vite is installed', () => {
    expect(webAppStep({ production: false, viteInstalled: true, built: true })).toBe('build-if-stale');
    expect(webAppStep({ production: false, viteInstalled: true, built: false })).toBe('build-if-stale');
  });

  it('never builds in production, even with Vite installed: it serves the build it was given', () => {
    expect(webAppStep({ production: true, viteInstalled: true, built: true })).toBe('serve');
    expect(webAppStep({ production: true, viteInstalled: false, built: true })).toBe('serve');
  });

  it('serves the build of an install without Vite (development packages pruned)', () => {
    expect(webAppStep({ production: false, viteInstalled: false, built: true })).toBe('serve');
  });

  it('stops with the missing build where it cannot build one', () => {
    expect(webAppStep({ production: true, viteInstalled: false, built: false })).toBe('missing');
    expect(webAppStep({ production: true, viteInstalled: true, built: false })).toBe('missing');
    expect(webAppStep({ production: false, viteInstalled: false, built: false })).toBe('missing');
  });
});
