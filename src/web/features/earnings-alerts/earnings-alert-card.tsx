import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  type EarningsAlert,
  earningsAlertMessages,
  earningsAlertSchema,
  NOTIFICATION_TIMINGS,
  type NotificationTiming,
  notificationTimingLabels,
} from '../../../shared/earnings-alerts.ts';
import { AlertDelivery } from '../../components/alert-delivery.tsx';
import { AlertTriggers } from '../../components/alert-triggers.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { SaveStatus } from '../../components/ui/save-status.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { type FieldErrors, validate } from '../../lib/form.ts';
import { defaultEmailHint } from '../../lib/notification-email.ts';
import { type DraftSlot, useServerDraft } from '../../lib/use-server-draft.ts';
import { useSaveEarningsAlert } from './api.ts';
import { type CardValues, cardValues } from './card-slots.ts';
import { EarningsStatus } from './earnings-status.tsx';

const timingOptions = NOTIFICATION_TIMINGS.map((value) => ({ value, label: notificationTimingLabels[value] }));

type Props = {
  position: number;
  /** null for an empty card: saving it creates the alert. */
  alert: EarningsAlert | null;
  /** Where an empty notification e-mail sends the alert (the profile's alerts e-mail, else the account's). */
  defaultEmail: string;
  /** The user's unsaved edits (kept by the page, so a reload of the list does not lose them). */
  draftSlot: DraftSlot<CardValues>;
  /** An empty card's save created `alert`. */
  onCreated: (alert: EarningsAlert) => void;
};

/** A save the server refused for a reason it explains (4xx) shows that reason; anything else the generic text. */
function saveFailure(err: Error) {
  if (err instanceof ApiRequestError && err.status < 500) {
    return err.title ? { title: err.title, description: err.message } : { title: err.message };
  }
  return { title: earningsAlertMessages.saveFailed };
}

export function EarningsAlertCard({ position, alert, defaultEmail, draftSlot, onCreated }: Props) {
  const headingId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  // A card without edits follows the server; one with edits keeps them until saved.
  const form = useServerDraft(cardValues(alert), draftSlot);
  const { values, dirty } = form;
  const save = useSaveEarningsAlert({
    onSuccess: (saved, request) => {
      toast.success(request.id === null ? earningsAlertMessages.created : earningsAlertMessages.updated);
      form.saved(request.values);
      if (request.id === null) onCreated(saved);
    },
    onError: (err) => {
      const { title, description } = saveFailure(err);
      toast.error(title, { description });
    },
  });

  function change(update: Partial<CardValues>) {
    setErrors({});
    form.edit(update);
  }

  function toggleActive(active: boolean) {
    if (active && values.companyName.trim() === '') {
      toast.error(earningsAlertMessages.cannotActivate, { description: earningsAlertMessages.fillRequiredFirst });
      return;
    }
    change({ active });
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!dirty || save.isPending) return;
    const checked = validate(earningsAlertSchema, values);
    if (checked.errors) {
      setErrors(checked.errors);
      toast.error(earningsAlertMessages.cannotSave, { description: Object.values(checked.errors)[0] });
      return;
    }
    // The typed values, not the parsed ones: the server parses them itself (a blank e-mail is '' there too).
    save.mutate({ id: alert?.id ?? null, values });
  }

  return (
    <section aria-labelledby={headingId}>
      <Card className="flex h-full flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              Earnings Alert {position}
            </h2>
            <p className="text-xs text-slate-600">{alert ? 'Tracking' : 'Not set up yet'}</p>
          </div>
          <Switch label="Active" checked={values.active} disabled={save.isPending} onCheckedChange={toggleActive} />
        </div>

        {alert?.active && <EarningsStatus result={alert.result} />}

        <form noValidate onSubmit={submit} className="flex flex-1 flex-col">
          {/* Edits made while a save is on its way would be lost when the saved values come back. */}
          <fieldset disabled={save.isPending} className="flex flex-1 flex-col gap-4">
            <Field
              label="Company name"
              required
              maxLength={200}
              placeholder="e.g. Apple"
              value={values.companyName}
              error={errors.companyName}
              onChange={(e) => change({ companyName: e.target.value })}
            />
            <Field
              label="Keywords"
              hint="Optional: topics to listen for on the call"
              maxLength={200}
              placeholder="e.g. guidance, AI, margins"
              value={values.keywords}
              error={errors.keywords}
              onChange={(e) => change({ keywords: e.target.value })}
            />
            <SelectField
              label="Notification timing"
              options={timingOptions}
              value={values.notificationTiming}
              onChange={(e) => change({ notificationTiming: e.target.value as NotificationTiming })}
            />
            <Field
              label="Notification email"
              type="email"
              maxLength={254}
              placeholder={defaultEmail}
              hint={defaultEmailHint(defaultEmail)}
              value={values.notificationEmail}
              error={errors.notificationEmail}
              onChange={(e) => change({ notificationEmail: e.target.value })}
            />
          </fieldset>
          <div className="mt-4 flex min-h-10 items-center justify-end">
            <SaveStatus dirty={dirty} saving={save.isPending} savedAt={form.savedAt} onSave={() => submit()} />
          </div>
        </form>
        {alert && <AlertDelivery type="earnings" alertId={alert.id} />}
        {alert && <AlertTriggers type="earnings" alertId={alert.id} />}
      </Card>
    </section>
  );
}
