// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExternalLink, safeHttpUrl } from './external-link.tsx';

afterEach(cleanup);

describe('safeHttpUrl', () => {
  it('allows only absolute http(s) addresses', () => {
    expect(safeHttpUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl(' http://example.com ')).toBe('http://example.com/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeHttpUrl('/relative/path')).toBeNull();
    expect(safeHttpUrl('Bloomberg')).toBeNull();
  });
});

describe('ExternalLink', () => {
  it('opens an http(s) address in a new tab without access to this page', () => {
    render(<ExternalLink url="https://news.example.com/a">Example News</ExternalLink>);
    const link = screen.getByRole('link', { name: 'Example News' });
    expect(link.getAttribute('href')).toBe('https://news.example.com/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows anything else as text', () => {
    render(<ExternalLink url="javascript:alert(1)">Evil</ExternalLink>);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Evil')).toBeTruthy();
  });
});
