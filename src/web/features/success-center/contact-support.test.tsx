import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContactSupport } from './contact-support.tsx';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('ContactSupport', () => {
  it('links the configured e-mail and messaging app', () => {
    const html = renderToStaticMarkup(
      <ContactSupport support={{ email: 'help@example.com', chatUrl: 'https://wa.me/15555550100', chatName: 'WhatsApp' }} />,
    );
    expect(html).toContain('href="mailto:help@example.com"');
    expect(html).toContain('href="https://wa.me/15555550100"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(text(html)).toContain('Chat on WhatsApp');
    expect(text(html)).toContain('9am-5pm EST');
    expect(text(html)).toContain('Email response within 24 hours');
    expect(html).not.toContain('not configured');
  });

  it('says the operator has not configured a contact instead of inventing one', () => {
    const html = renderToStaticMarkup(<ContactSupport support={{ email: null, chatUrl: null, chatName: 'Signal' }} />);
    expect(html).not.toContain('href=');
    expect(html).not.toContain('@');
    expect(text(html)).toContain('Support e-mail is not configured. An operator sets SUPPORT_EMAIL to the support address.');
    expect(text(html)).toContain('Signal support is not configured. An operator sets SUPPORT_CHAT_URL to the chat link.');
    // Hours and response time are business facts, shown either way.
    expect(text(html)).toContain('9am-5pm EST');
    expect(text(html)).toContain('Email response within 24 hours');
  });

  it('handles each contact on its own', () => {
    const html = renderToStaticMarkup(<ContactSupport support={{ email: 'help@example.com', chatUrl: null, chatName: 'WhatsApp' }} />);
    expect(html).toContain('href="mailto:help@example.com"');
    expect(text(html)).toContain('WhatsApp support is not configured.');
    expect(text(html)).not.toContain('Support e-mail is not configured');
  });
});
