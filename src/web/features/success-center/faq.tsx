import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Question = { id: string; question: string; answer: ReactNode };

const QUESTIONS: Question[] = [
  {
    id: 'prospect-quality',
    question: 'How are the prospects in a report chosen?',
    answer: (
      <p>
        Every prospect gets a quality score from 0.00 to 1.00 for how well they match your ideal customer profile. Only prospects at or
        above the 0.80 cut-off are included in your report.
      </p>
    ),
  },
  {
    id: 'report-timing',
    question: 'How long does a report take?',
    answer: (
      <p>
        Reports arrive in your inbox within 24 hours of your request. You can follow each step of an Account Intelligence Report as it runs
        on its page under{' '}
        <Link to="/air" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Account Intelligence Report
        </Link>
        , and the report is e-mailed to you as soon as it is ready.
      </p>
    ),
  },
  {
    id: 'alert-delivery',
    question: 'Where are my Sonar OS alerts sent, and how do I change it?',
    answer: (
      <p>
        Alerts arrive by e-mail. Each alert goes to its own notification e-mail when you set one on the alert; otherwise to the alerts
        e-mail in your{' '}
        <Link to="/profile" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Profile
        </Link>
        ; and if that is empty too, to the e-mail you sign in with.
      </p>
    ),
  },
];

/** One answer open at a time; opening another closes it, and the open one can be closed (spec 02 §2). */
export function Faq() {
  return (
    <Accordion.Root type="single" collapsible className="divide-y divide-slate-200">
      {QUESTIONS.map(({ id, question, answer }) => (
        <Accordion.Item key={id} value={id}>
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 py-4 text-left font-semibold text-slate-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
              {question}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180"
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="pb-4 text-sm text-slate-700">{answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
