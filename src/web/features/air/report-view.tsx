// A finished (or partly built) report, every section with where it came from. Everything the AI,
// a source or the user wrote is rendered as text; only http(s) addresses become links.
import { Copy } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import {
  type AirBuyingCenter,
  type AirEvent,
  type AirFact,
  type AirOutreach,
  type AirReport,
  type AirSocialPost,
  type AirSource,
  airEventLabels,
} from '../../../shared/air.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { toast } from '../../lib/toast.tsx';
import { formatDay, websiteHost } from './format.ts';

export const COPIED_MESSAGE = 'Message copied';
export const COPY_FAILED_MESSAGE = 'Could not copy to the clipboard';

export function ReportView({ report }: { report: AirReport }) {
  return (
    <div className="space-y-6">
      <CompanySection report={report} />
      <FinancialsSection financials={report.financials} filings={report.filings} />
      <NewsSection events={report.events} />
      <SocialSection social={report.social} />
      <BuyingCentersSection centers={report.buyingCenters} />
      <ProspectsSection report={report} />
      <OutreachSection outreach={report.outreach} />
      <SourcesSection sources={report.sources} />
    </div>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        <div className="mt-4">{children}</div>
      </Card>
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-600">{children}</p>;

/** A link to where something came from, named for what it backs ('Source' plus hidden context). */
function SourceLink({ url, about, children = 'Source' }: { url: string; about: string; children?: ReactNode }) {
  return (
    <ExternalLink url={url}>
      {children} <span className="sr-only">for {about}</span>
    </ExternalLink>
  );
}

function CompanySection({ report }: { report: AirReport }) {
  const { company, facts } = report;
  const profile: [string, string | null][] = [
    ['Legal name', company.legalName],
    ['Ticker', company.ticker],
    ['SEC CIK', company.cik],
    ['Industry', company.industry],
    ['Headquarters', company.headquarters],
  ];
  return (
    <Section title="Company">
      <p className="text-xl font-bold break-words text-slate-900">{company.name}</p>
      <p className="text-sm break-words">
        <ExternalLink url={company.website}>{websiteHost(company.website)}</ExternalLink>
      </p>
      {company.description && <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{company.description}</p>}
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {profile
          .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      {facts.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-slate-900">Facts</h3>
          <FactTable facts={facts} caption="Company facts" />
        </>
      )}
    </Section>
  );
}

function FactTable({ facts, caption }: { facts: AirFact[]; caption: string }) {
  return (
    <div className="relative mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Fact
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Value
            </th>
            <th scope="col" className="py-2 font-medium">
              Source
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {facts.map((fact, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the list never reorders
            <tr key={index}>
              <td className="py-2 pr-4 break-words text-slate-700">{fact.label}</td>
              <td className="py-2 pr-4 font-medium break-words text-slate-900">{fact.value}</td>
              <td className="py-2">
                <SourceLink url={fact.sourceUrl} about={fact.label} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FinancialsSection({ financials, filings }: { financials: AirFact[]; filings: AirReport['filings'] }) {
  return (
    <Section title="Financials and filings" description="Figures and filings from SEC EDGAR, for companies that file with the SEC.">
      <h3 className="text-sm font-semibold text-slate-900">Financial figures</h3>
      {financials.length > 0 ? (
        <FactTable facts={financials} caption="Financial figures" />
      ) : (
        <Empty>No figures were found in SEC filings.</Empty>
      )}
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Filings</h3>
      {filings.length > 0 ? (
        <ul className="mt-2 space-y-3 text-sm">
          {filings.map((filing, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <li key={index}>
              <p className="break-words">
                <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800">{filing.form}</span>
                <ExternalLink url={filing.url}>{filing.title}</ExternalLink>
                <span className="text-slate-600"> · filed {formatDay(filing.filedOn)}</span>
              </p>
              {filing.highlight && <p className="mt-1 text-slate-700">{filing.highlight}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>No recent SEC filings were found.</Empty>
      )}
    </Section>
  );
}

function NewsSection({ events }: { events: AirEvent[] }) {
  return (
    <Section title="News events">
      {events.length > 0 ? (
        <ul className="space-y-4">
          {events.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one article may back two events; the list never reorders
            <li key={index} className="text-sm">
              <p className="flex flex-wrap items-center gap-2 text-xs">
                <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-700">{airEventLabels[event.type]}</span>
                {event.date && <span className="text-slate-600">{formatDay(event.date)}</span>}
              </p>
              <p className="mt-1 font-semibold break-words text-slate-900">{event.headline}</p>
              <p className="mt-0.5 break-words text-slate-700">{event.summary}</p>
              <p className="mt-0.5">
                <SourceLink url={event.sourceUrl} about={event.headline} />
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <Empty>No notable news was found.</Empty>
      )}
    </Section>
  );
}

function SocialSection({ social }: { social: AirReport['social'] }) {
  const searched = social.searched.length > 0 ? `Public discussions on ${social.searched.join(', ')}.` : undefined;
  return (
    <Section title="Social listening" description={searched}>
      {social.posts.length > 0 && (
        <ul className="space-y-3 text-sm">
          {social.posts.map((post, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <SocialPost key={index} post={post} />
          ))}
        </ul>
      )}
      {social.note && <p className="mt-3 text-sm text-slate-700">{social.note}</p>}
      {social.posts.length === 0 && !social.note && <Empty>No public discussions were found.</Empty>}
    </Section>
  );
}

function SocialPost({ post }: { post: AirSocialPost }) {
  const details = [
    post.platform,
    post.postedAt ? formatDay(post.postedAt) : null,
    post.points !== null ? `${post.points} points` : null,
    post.comments !== null ? `${post.comments} comments` : null,
  ].filter(Boolean);
  return (
    <li>
      <p className="break-words">
        <ExternalLink url={post.url}>{post.title}</ExternalLink>
      </p>
      <p className="text-xs text-slate-600">
        {details.join(' · ')}
        {post.linkUrl && (
          <>
            {' · '}
            <SourceLink url={post.linkUrl} about={post.title}>
              Linked page
            </SourceLink>
          </>
        )}
      </p>
    </li>
  );
}

function BuyingCentersSection({ centers }: { centers: AirBuyingCenter[] }) {
  return (
    <Section title="Buying centers">
      {centers.length > 0 ? (
        <div className="grid gap-4 md:grid-cols-2">
          {centers.map((center, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <article key={index} aria-label={center.name} className="rounded-xl border border-slate-200 p-4 text-sm">
              <h3 className="font-semibold break-words text-slate-900">{center.name}</h3>
              {center.roles.length > 0 && (
                <>
                  <h4 className="mt-3 text-xs font-semibold text-slate-600">Roles</h4>
                  <ul className="mt-1 flex flex-wrap gap-1.5">
                    {center.roles.map((role, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                      <li key={index} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                        {role}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {center.priorities.length > 0 && (
                <>
                  <h4 className="mt-3 text-xs font-semibold text-slate-600">Priorities</h4>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
                    {center.priorities.map((priority, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                      <li key={index} className="break-words">
                        {priority.text} <SourceLink url={priority.sourceUrl} about={priority.text} />
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </article>
          ))}
        </div>
      ) : (
        <Empty>No buying centers were mapped.</Empty>
      )}
    </Section>
  );
}

function ProspectsSection({ report }: { report: AirReport }) {
  const { prospects, prospectNote } = report;
  return (
    <Section title="Prospects">
      <p className="text-sm text-slate-700">{prospectNote}</p>
      {prospects.length > 0 && (
        // relative: the sources' visually hidden labels (absolutely positioned) are placed in the
        // scroll box; placed against the page, they widened it sideways on a phone.
        <div className="relative mt-4 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Prospects</caption>
            <thead className="text-xs text-slate-600">
              <tr>
                {['Name', 'Title', 'Buying center', 'Score', 'Why', 'Source'].map((column) => (
                  <th key={column} scope="col" className="py-2 pr-4 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {prospects.map((prospect, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two people may share a name; the list never reorders
                <tr key={index}>
                  <th scope="row" className="py-2 pr-4 font-semibold break-words text-slate-900">
                    {prospect.name}
                  </th>
                  <td className="py-2 pr-4 break-words text-slate-700">{prospect.title}</td>
                  <td className="py-2 pr-4 break-words text-slate-700">{prospect.buyingCenter}</td>
                  <td className="py-2 pr-4 text-slate-700 tabular-nums">{prospect.score.toFixed(2)}</td>
                  <td className="py-2 pr-4 break-words text-slate-700">{prospect.why}</td>
                  <td className="py-2 break-words">
                    <SourceLink url={prospect.sourceUrl} about={prospect.name}>
                      {prospect.sourceKind}
                    </SourceLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

async function copyMessage(message: string) {
  try {
    await navigator.clipboard.writeText(message);
    toast.success(COPIED_MESSAGE);
  } catch {
    toast.error(COPY_FAILED_MESSAGE);
  }
}

function OutreachSection({ outreach }: { outreach: AirOutreach[] }) {
  return (
    <Section title="Outreach strategy">
      {outreach.length > 0 ? (
        <ul className="space-y-4">
          {outreach.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <OutreachItem key={index} item={item} />
          ))}
        </ul>
      ) : (
        <Empty>No outreach was suggested.</Empty>
      )}
    </Section>
  );
}

function OutreachItem({ item }: { item: AirOutreach }) {
  const who = item.prospectName ?? `${item.buyingCenter} (buying center)`;
  return (
    <li className="rounded-xl border border-slate-200 p-4 text-sm">
      <h3 className="font-semibold break-words text-slate-900">{who}</h3>
      {item.prospectName && <p className="text-xs text-slate-600">{item.buyingCenter}</p>}
      <dl className="mt-3 space-y-2">
        <div>
          <dt className="text-xs font-semibold text-slate-600">Angle</dt>
          <dd className="break-words text-slate-800">{item.angle}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-600">Trigger</dt>
          <dd className="break-words text-slate-800">
            {item.trigger.text} <SourceLink url={item.trigger.sourceUrl} about={item.trigger.text} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-600">Message</dt>
          <dd className="mt-1 rounded-lg bg-slate-50 p-3 break-words whitespace-pre-wrap text-slate-800">{item.message}</dd>
        </div>
      </dl>
      <Button variant="secondary" className="mt-3" aria-label={`Copy message for ${who}`} onClick={() => void copyMessage(item.message)}>
        <Copy aria-hidden="true" className="size-4" />
        Copy
      </Button>
    </li>
  );
}

function SourcesSection({ sources }: { sources: AirSource[] }) {
  return (
    <Section title="Sources" description="Every page, filing, article and post this report was built from.">
      {sources.length > 0 ? (
        <ol className="list-decimal space-y-1.5 pl-5 text-sm">
          {sources.map((source, index) => {
            const details = [source.publisher, source.publishedAt ? formatDay(source.publishedAt) : null].filter(Boolean).join(' · ');
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index} className="break-words">
                <ExternalLink url={source.url}>{source.title ?? source.url}</ExternalLink>
                {details && <span className="text-slate-600"> — {details}</span>}
              </li>
            );
          })}
        </ol>
      ) : (
        <Empty>No sources were recorded.</Empty>
      )}
    </Section>
  );
}
