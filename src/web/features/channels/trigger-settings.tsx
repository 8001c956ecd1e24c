// The channels page's "As it happens" (issue 31): the user's rules for the events their alerts send
// within minutes — quiet hours in their time zone, the kinds sent even then, and a daily cap. One
// form for all alerts, checked with the server's schema before it is sent, saved with its own button.
import { type FormEvent, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import {
  DEFAULT_QUIET_HOURS,
  DEFAULT_TIME_ZONE,
  knownTimeZone,
  MAX_DAILY_CAP,
  TRIGGER_KINDS,
  type TriggerKind,
  type TriggerSettings,
  type TriggerSettingsAnswer,
  triggerKindLabels,
  triggerSettingsMessages,
  triggerSettingsSchema,
} from '../../../shared/triggers.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { type FieldErrors, validate } from '../../lib/form.ts';
import { useSaveTriggerSettings, useTriggerSettings } from '../../lib/triggers-api.ts';

const text = triggerSettingsMessages;
const UNREACHABLE = 'The server could not be reached. Please try again.';

/** The form as typed: quiet hours kept while switched off (switching back restores them), the cap as written. */
type Values = { quiet: boolean; start: string; end: string; timeZone: string; urgentKinds: TriggerKind[]; cap: string };

const valuesOf = (settings: TriggerSettings): Values => ({
  quiet: settings.quietHours !== null,
  start: settings.quietHours?.start ?? DEFAULT_QUIET_HOURS.start,
  end: settings.quietHours?.end ?? DEFAULT_QUIET_HOURS.end,
  timeZone: settings.timeZone,
  urgentKinds: settings.urgentKinds,
  cap: String(settings.dailyCap),
});

/** What would be sent; an empty or unreadable cap is NaN, which the schema refuses with its message. */
const inputOf = (values: Values): TriggerSettings => ({
  quietHours: values.quiet ? { start: values.start, end: values.end } : null,
  timeZone: values.timeZone,
  urgentKinds: TRIGGER_KINDS.filter((kind) => values.urgentKinds.includes(kind)),
  dailyCap: values.cap.trim() === '' ? Number.NaN : Number(values.cap),
});

const sameSettings = (a: TriggerSettings, b: TriggerSettings) =>
  a.quietHours?.start === b.quietHours?.start &&
  a.quietHours?.end === b.quietHours?.end &&
  a.timeZone === b.timeZone &&
  a.dailyCap === b.dailyCap &&
  TRIGGER_KINDS.every((kind) => a.urgentKinds.includes(kind) === b.urgentKinds.includes(kind));

/** The browser's own zone when the runtime knows it, else the default. */
function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && knownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Every zone the browser lists (underscores shown as spaces), and `shown` first when it is not listed ('UTC' is not in some). */
function zoneOptions(shown: string) {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = zones.includes(shown) ? zones : [shown, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** The refusal's messages under the fields they name; anything else as one message. */
function refusalErrors(err: Error): FieldErrors {
  if (!(err instanceof ApiRequestError)) return { _: UNREACHABLE };
  return err.fields && Object.keys(err.fields).length ? err.fields : { _: err.message };
}

const FIELD_KEYS = ['quietHours.start', 'quietHours.end', 'timeZone', 'dailyCap'];
const isUrgentKey = (key: string) => key === 'urgentKinds' || key.startsWith('urgentKinds.');

export function TriggerSettingsSection() {
  const saved = useTriggerSettings();
  const headingId = useId();
  const noteId = useId();
  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-4">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {text.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{text.intro}</p>
        </div>
        {saved.isError && !saved.data ? (
          <p role="alert" className="text-sm text-slate-800">
            {text.loadError}
          </p>
        ) : !saved.data ? (
          <output className="block text-sm text-slate-600">Loading…</output>
        ) : (
          <SettingsForm answer={saved.data} labelledBy={headingId} noteId={noteId} />
        )}
      </section>
    </Card>
  );
}

function SettingsForm({ answer, labelledBy, noteId }: { answer: TriggerSettingsAnswer; labelledBy: string; noteId: string }) {
  const save = useSaveTriggerSettings();
  const [draft, setDraft] = useState<Values | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const urgentErrorId = useId();

  // Never saved, the server answers the defaults: then the browser's zone is the better guess, and
  // the whole form is to be saved (Save on, even for the defaults as they are).
  const saved = answer.settings;
  const initial = valuesOf(answer.saved ? saved : { ...saved, timeZone: browserTimeZone() });
  const shown = draft ?? initial;
  const dirty = !answer.saved || !sameSettings(inputOf(shown), saved);
  const zones = useMemo(() => zoneOptions(shown.timeZone), [shown.timeZone]);

  const edit = (patch: Partial<Values>) => {
    setDraft({ ...shown, ...patch });
    setErrors({});
  };
  const toggleUrgent = (kind: TriggerKind, on: boolean) =>
    edit({ urgentKinds: on ? [...shown.urgentKinds, kind] : shown.urgentKinds.filter((k) => k !== kind) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const { data, errors: found } = validate(triggerSettingsSchema, inputOf(shown));
    if (found || !data) {
      setErrors(found ?? {});
      return;
    }
    const sent = shown;
    save.mutate(data, {
      onSuccess: () => {
        setDraft((current) => (current === sent ? null : current));
        toast.success(text.saved);
      },
      onError: (err) => setErrors(refusalErrors(err)),
    });
  }

  const urgentError = Object.entries(errors).find(([key]) => isUrgentKey(key))?.[1];
  const otherError = Object.entries(errors).find(([key]) => !FIELD_KEYS.includes(key) && !isUrgentKey(key))?.[1];

  return (
    <form
      aria-labelledby={labelledBy}
      aria-describedby={answer.saved ? undefined : noteId}
      noValidate
      onSubmit={submit}
      className="space-y-4"
    >
      {!answer.saved && (
        <p id={noteId} role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {text.notSaved}
        </p>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{text.quietLabel}</legend>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4" checked={shown.quiet} onChange={(event) => edit({ quiet: event.target.checked })} />
          {text.quietToggle}
        </label>
        {shown.quiet && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={text.quietStart}
              type="time"
              value={shown.start}
              onChange={(event) => edit({ start: event.target.value })}
              error={errors['quietHours.start']}
            />
            <Field
              label={text.quietEnd}
              type="time"
              value={shown.end}
              onChange={(event) => edit({ end: event.target.value })}
              error={errors['quietHours.end']}
            />
          </div>
        )}
      </fieldset>
      <SelectField
        label={text.timeZone}
        options={zones}
        value={shown.timeZone}
        onChange={(event) => edit({ timeZone: event.target.value })}
        error={errors.timeZone}
      />
      <fieldset className="space-y-1.5" aria-describedby={urgentError ? urgentErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">{text.urgentLegend}</legend>
        {TRIGGER_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={shown.urgentKinds.includes(kind)}
              onChange={(event) => toggleUrgent(kind, event.target.checked)}
            />
            {triggerKindLabels[kind]}
          </label>
        ))}
        {urgentError && (
          <p id={urgentErrorId} role="alert" className="text-xs text-red-700">
            {urgentError}
          </p>
        )}
      </fieldset>
      <Field
        label={text.capLabel}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_DAILY_CAP}
        step={1}
        className="max-w-xs"
        value={shown.cap}
        onChange={(event) => edit({ cap: event.target.value })}
        hint={text.capHelp}
        error={errors.dailyCap}
      />
      {otherError && (
        <p role="alert" className="text-sm text-red-700">
          {otherError}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={!dirty} busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
