import { describe, expect, it } from 'vitest';
import { siteName } from './site.ts';

describe('siteName', () => {
  it('names www.initech.example, WWW2.Initech.Example and initech.example as one site', () => {
    expect(siteName('www.initech.example')).toBe('initech.example');
    expect(siteName('WWW2.Initech.Example')).toBe('initech.example');
    expect(siteName('initech.example')).toBe('initech.example');
  });

  it('keeps a www that is not the first label, or not a label of its own', () => {
    expect(siteName('news.www.example')).toBe('news.www.example');
    expect(siteName('wwwhat.example')).toBe('wwwhat.example');
  });
});
