import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import {
  FREQUENCIES,
  type Frequency,
  frequencyLabels,
  INDUSTRY_MAX_LENGTH,
  NEWSLETTER_TIMES,
  type NewsletterFormValues,
  type NewsletterResponse,
  newsletterErrorTitle,
  newsletterInputSchema,
  newsletterMessages,
  TREND_TOPICS,
  trendTopicLabels,
} from '../../../shared/newsletter.ts';
import { ALERT_TIME_ZONE, hourLabel, REGIONS, regionLabels, WEEKDAYS, type Weekday } from '../../../shared/sonar.ts';
import { AlertDelivery } from '../../components/alert-delivery.tsx';
import { AlertTriggers } from '../../components/alert-triggers.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { SaveStatus } from '../../components/ui/save-status.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { ToggleChip } from '../../components/ui/toggle-chip.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { type FieldErrors, validate } from '../../lib/form.ts';
import { defaultEmailHint } from '../../lib/notification-email.ts';
import { useServerDraft } from '../../lib/use-server-draft.ts';
import { CompanyWatchlist } from './company-watchlist.tsx';
import { serverFormValues, toggleRegion, toggleTopic } from './form-state.ts';
import { useSaveNewsletter } from './newsletter-api.ts';

const dayNames: Record<Weekday, string> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
};
const dayOptions = WEEKDAYS.map((day) => ({ value: day, label: dayNames[day] }));
const timeOptions = NEWSLETTER_TIMES.map((time) => ({ value: time, label: hourLabel(Number(time.slice(0, 2))) }));
const frequencyOptions = FREQUENCIES.map((frequency) => ({ value: frequency, label: frequencyLabels[frequency] }));

/**
 * The toast for a refused save: the spec's two named refusals keep their own titles and texts;
 * anything else is its save failure ('Error' / 'Failed to save newsletter configuration'), with the
 * reason shown at the field it concerns.
 */
function saveFailureToast(message: string | undefined) {
  const title = message ? newsletterErrorTitle(message) : undefined;
  if (title && message) toast.error(title, { description: message });
  else toast.error(newsletterMessages.saveFailedTitle, { description: newsletterMessages.saveFailed });
}

/**
 * The one newsletter form, a server draft (lib/use-server-draft.ts): with unsaved edits it shows
 * them, else the server's values, so a live update changes a clean form and never overwrites a dirty one.
 */
export function NewsletterForm({ data }: { data: NewsletterResponse }) {
  const exists = data.newsletter !== null;
  const serverValues = useMemo(() => serverFormValues(data.newsletter), [data.newsletter]);
  const form = useServerDraft<NewsletterFormValues>(serverValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveNewsletter();
  const { values, edit } = form;

  function submit() {
    const sent = values;
    const { errors } = validate(newsletterInputSchema, sent);
    setErrors(errors ?? {});
    if (errors) {
      saveFailureToast(Object.values(errors)[0]);
      return;
    }
    save.mutate(
      { values: sent, exists },
      {
        onSuccess: () => {
          // Edits made while the save was in flight stay as a new draft.
          form.saved(sent);
          toast.success(exists ? newsletterMessages.updated : newsletterMessages.created);
        },
        onError: (err) => {
          const refused = err instanceof ApiRequestError && err.status >= 400 && err.status < 500;
          if (refused && err.fields) setErrors(err.fields);
          saveFailureToast(refused ? err.message : undefined);
        },
      },
    );
  }

  return (
    <form
      noValidate
      aria-label="Newsletter settings"
      onSubmit={(event) => {
        event.preventDefault();
        if (form.dirty) submit();
      }}
    >
      <Card className="space-y-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Switch
            checked={values.active}
            onCheckedChange={(active) => edit({ active })}
            label={values.active ? 'Newsletter Active' : 'Newsletter Inactive'}
          />
          <SaveStatus
            dirty={form.dirty}
            saving={save.isPending}
            savedAt={form.savedAt}
            onSave={submit}
            label={exists ? 'Update Newsletter' : 'Create Newsletter'}
          />
        </div>

        <Field
          label="Industry"
          required
          value={values.industry}
          maxLength={INDUSTRY_MAX_LENGTH}
          placeholder="e.g. Commercial Banking"
          error={errors.industry}
          onChange={(e) => edit({ industry: e.target.value })}
        />

        <ChipGroup
          label="Regions"
          hint="Global covers every region and cannot be combined with others. With no region chosen, the newsletter covers the USA."
          error={errors.regions}
        >
          {REGIONS.map((region) => {
            const chosen = values.regions.includes(region);
            return (
              <ToggleChip key={region} pressed={chosen} onClick={() => edit({ regions: toggleRegion(values.regions, region) })}>
                {regionLabels[region]}
              </ToggleChip>
            );
          })}
        </ChipGroup>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">
            Industry categories <span className="font-normal text-slate-600">(optional)</span>
          </legend>
          <p className="text-xs text-slate-600">Leave these blank and the AI identifies the trends that matter in your industry.</p>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {TREND_TOPICS.map((topic) => (
              <label key={topic} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={values.industryCategories.includes(topic)}
                  onChange={() => edit({ industryCategories: toggleTopic(values.industryCategories, topic) })}
                />
                {trendTopicLabels[topic]}
              </label>
            ))}
          </div>
        </fieldset>

        <CompanyWatchlist portfolio={values.portfolio} errors={errors} onChange={(portfolio) => edit({ portfolio })} />

        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Delivery day"
            required
            options={dayOptions}
            value={values.deliveryDay}
            error={errors.deliveryDay}
            onChange={(e) => edit({ deliveryDay: e.target.value as Weekday })}
          />
          <SelectField
            label="Delivery time"
            required
            options={timeOptions}
            value={values.deliveryTime}
            hint={`Eastern Time (${ALERT_TIME_ZONE})`}
            error={errors.deliveryTime}
            onChange={(e) => edit({ deliveryTime: e.target.value })}
          />
          <SelectField
            label="Frequency"
            required
            options={frequencyOptions}
            value={values.frequency}
            error={errors.frequency}
            onChange={(e) => edit({ frequency: e.target.value as Frequency })}
          />
        </div>

        <Field
          label="Notification email"
          type="email"
          value={values.notificationEmail ?? ''}
          maxLength={254}
          placeholder={data.defaultNotificationEmail}
          hint={defaultEmailHint(data.defaultNotificationEmail)}
          error={errors.notificationEmail}
          onChange={(e) => edit({ notificationEmail: e.target.value })}
        />
        {data.newsletter && (
          // The alert's own settings side by side, as on the alert cards; the form's wide spacing would part them.
          <div className="space-y-4">
            <AlertDelivery type="newsletter" alertId={data.newsletter.id} />
            <AlertTriggers type="newsletter" alertId={data.newsletter.id} />
          </div>
        )}
      </Card>
    </form>
  );
}

function ChipGroup({ label, hint, error, children }: { label: string; hint: string; error?: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : (
        <p className="text-xs text-slate-600">{hint}</p>
      )}
    </fieldset>
  );
}
