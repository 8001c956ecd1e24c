import { Link } from 'react-router';
import { BRAND } from '../../../shared/constants.ts';
import { Card } from '../../components/ui/card.tsx';
import { PublicFooter } from './public-footer.tsx';

const LAST_UPDATED = 'November 2026';
const LINK_BASE =
  'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';

type LegalSection = { title: string; paragraphs: string[] };

const TERMS_SECTIONS: LegalSection[] = [
  {
    title: 'Acceptance of these terms',
    paragraphs: [
      `These Terms of Service govern your access to and use of ${BRAND} (the "Service"). By signing in or using the Service, you agree to these terms and to the agreement you signed when your access was granted. If you do not agree, do not use the Service.`,
    ],
  },
  {
    title: 'Who may use the Service',
    paragraphs: [
      'The Service is for adults and B2B professionals only. You must be at least 18 years old and use the Service for business purposes on behalf of yourself or the organization you represent.',
      'Access is invite-only. Accounts are issued after payment and a signed agreement, and registration links are provided by us directly.',
    ],
  },
  {
    title: 'Your account',
    paragraphs: [
      'Each account is for one named person. You must not share your credentials with anyone, and you are responsible for all activity that takes place under your account. Tell us through the Success Center straight away if you believe your account has been accessed without permission.',
    ],
  },
  {
    title: 'Acceptable use',
    paragraphs: [
      'You must not scrape, crawl or otherwise extract data from the Service by automated means, and you must not copy, resell or redistribute the Service or its content.',
      'You must not attempt to bypass security or usage limits, reverse engineer the Service, or use it in a way that is unlawful, misleading or harmful to others.',
    ],
  },
  {
    title: 'AI-generated content',
    paragraphs: [
      'Parts of the Service use artificial intelligence to summarize news, analyze earnings calls and draft content. AI output can be incomplete, out of date or wrong. You must verify AI output before relying on it, publishing it or sharing it with others. Nothing in the Service is financial, investment or legal advice.',
    ],
  },
  {
    title: 'Fees, cancellation and refunds',
    paragraphs: [
      'You may cancel within 24 hours of signing your agreement. Once access to the Service has been given, fees are non-refundable and no refunds will be issued, including for partial periods or unused features.',
    ],
  },
  {
    title: 'System logs',
    paragraphs: ['We keep system logs for 90 days to operate, secure and troubleshoot the Service. After 90 days they are deleted.'],
  },
  {
    title: 'Third-party content and services',
    paragraphs: [
      'The Service draws on third-party sources such as news publishers, public filings and data providers. We do not control that content and do not guarantee its accuracy, completeness or availability.',
    ],
  },
  {
    title: 'Disclaimers and limitation of liability',
    paragraphs: [
      'The Service is provided "as is" and "as available", without warranties of any kind, to the fullest extent permitted by law. We are not liable for indirect, incidental or consequential losses, including lost profits or lost deals, arising from your use of the Service.',
    ],
  },
  {
    title: 'Suspension and termination',
    paragraphs: [
      'We may suspend or end your access if you breach these terms, including by sharing credentials or scraping the Service. Sections that by their nature should survive termination will continue to apply.',
    ],
  },
  {
    title: 'Governing law',
    paragraphs: [
      'These terms are governed by the laws of the State of North Carolina, United States, without regard to its conflict-of-law rules.',
    ],
  },
  {
    title: 'Changes and contact',
    paragraphs: [
      'We may update these terms from time to time. The date at the top of this page shows when they last changed, and continued use of the Service means you accept the updated terms. Questions can be sent to us through the Success Center.',
    ],
  },
];

const PRIVACY_SECTIONS: LegalSection[] = [
  {
    title: 'Scope',
    paragraphs: [
      `This Privacy Policy explains what information ${BRAND} stores, why, and the choices you have. It applies to everyone who uses the Service.`,
    ],
  },
  {
    title: 'Information we store',
    paragraphs: [
      'Account and profile: your e-mail address, first and last name, phone number, LinkedIn profile URL, job title, company name, solution type and description, target industries, primary value proposition, an optional e-mail address for alerts, and whether you have opted in to session recording.',
      'Alert settings: the companies, keywords, delivery days and times, newsletter preferences and earnings-tracking choices you configure.',
      'Results: the alerts, newsletters, analyses and content the Service generates for you, along with a record of your recent activity.',
    ],
  },
  {
    title: 'E-mails we send',
    paragraphs: [
      'We send the news alerts, newsletters and earnings alerts you set up, and account e-mails such as invitations, one-time sign-in codes and password-reset links. Alert e-mails go to your alerts address if you set one, otherwise to your account e-mail. You can change or pause alerts in the Service at any time.',
    ],
  },
  {
    title: 'Optional session recording',
    paragraphs: [
      'Session recording is off unless you opt in. If you opt in, we use PostHog to record how you interact with the Service so we can find bugs and improve it. Password fields are always masked, and the create-password and reset-password pages are not recorded. Network request and response contents are not captured. You can withdraw your consent at any time by contacting the Success Center.',
    ],
  },
  {
    title: 'How we use information',
    paragraphs: [
      'We use your information to provide and personalize the Service, deliver your alerts, generate the analyses and content you request, support you, and keep the Service secure. We do not sell your personal information.',
    ],
  },
  {
    title: 'Service providers',
    paragraphs: [
      'We share information only with providers that help us run the Service, such as hosting, e-mail delivery and AI model providers that process your requests to produce results. They may use it only to provide their services to us.',
    ],
  },
  {
    title: 'Logs and retention',
    paragraphs: [
      'System logs are kept for 90 days and then deleted. Other information is kept for as long as your account is active or as needed to meet our legal and contractual obligations.',
    ],
  },
  {
    title: 'Security',
    paragraphs: [
      'We use reasonable technical and organizational measures to protect your information. No system is perfectly secure, so please keep your credentials private and never share them.',
    ],
  },
  {
    title: 'Contact us',
    paragraphs: [
      'To ask a question, request a copy or correction of your information, or request deletion of your account, contact us through the Success Center. We may update this policy from time to time and will change the date at the top of this page when we do.',
    ],
  },
];

export function TermsPage() {
  return <LegalPage title="Terms of Service" sections={TERMS_SECTIONS} />;
}

export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" sections={PRIVACY_SECTIONS} />;
}

function LegalPage({ title, sections }: { title: string; sections: LegalSection[] }) {
  return (
    <div className="min-h-screen bg-[radial-gradient(circle_at_top,_#eef4ff,_#ffffff_60%)]">
      <LegalHeader />
      <main className="mx-auto w-full max-w-3xl px-4 pb-12 sm:px-6">
        <Card className="p-6 sm:p-10">
          <h1 className="text-3xl font-black tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 text-sm text-slate-600">Last updated: {LAST_UPDATED}</p>
          <div className="mt-8 space-y-8">
            {sections.map((section, index) => (
              <section key={section.title} aria-labelledby={`legal-section-${index}`}>
                <h2 id={`legal-section-${index}`} className="text-lg font-semibold text-slate-900">
                  {index + 1}. {section.title}
                </h2>
                <div className="mt-2 space-y-3 text-sm leading-6 text-slate-700">
                  {section.paragraphs.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              </section>
            ))}
          </div>
        </Card>
      </main>
      <PublicFooter className="max-w-3xl pb-8" />
    </div>
  );
}

function LegalHeader() {
  return (
    <header className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-5 sm:px-6">
      <Link to="/" className="text-lg font-bold text-brand-900">
        {BRAND}
      </Link>
      <nav aria-label="Account" className="flex gap-2">
        <Link
          to="/login"
          className={`${LINK_BASE} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:outline-slate-500`}
        >
          Login
        </Link>
        <Link to="/homepage" className={`${LINK_BASE} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600`}>
          Dashboard
        </Link>
      </nav>
    </header>
  );
}
