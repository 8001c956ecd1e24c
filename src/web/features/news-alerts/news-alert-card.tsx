import { Trash2 } from 'lucide-react';
import { type Dispatch, useState } from 'react';
import { toast } from 'sonner';
import { missesRequiredField, newsAlertFormSchema, newsAlertMessages, UNDELETABLE_NEWS_ALERTS } from '../../../shared/news-alerts.ts';
import { COMPANY_NAME_MAX_LENGTH, KEYWORDS_MAX_LENGTH } from '../../../shared/sonar.ts';
import { AlertDelivery } from '../../components/alert-delivery.tsx';
import { AlertTriggers } from '../../components/alert-triggers.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { SaveStatus } from '../../components/ui/save-status.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { type FieldErrors, validate } from '../../lib/form.ts';
import { defaultEmailHint } from '../../lib/notification-email.ts';
import { type DraftSlot, useServerDraft } from '../../lib/use-server-draft.ts';
import { type AlertCard, type AlertDraft, type CardsAction, missesRequired, serverDraft, withoutErrorsOf } from './alert-cards.ts';
import { useDeleteAlert, useSaveAlert } from './api.ts';
import { DeliveryDays } from './delivery-days.tsx';
import { DeliveryTimeSelect } from './delivery-time-select.tsx';

const text = newsAlertMessages;
const serverMessage = (err: Error) => (err instanceof ApiRequestError ? err.message : undefined);

type Props = {
  card: AlertCard;
  position: number;
  /** Where an empty notification e-mail sends the alert (the profile's alerts e-mail, else the account's). */
  defaultEmail: string;
  /** The card's unsaved edits, kept by the page. */
  draftSlot: DraftSlot<AlertDraft>;
  dispatch: Dispatch<CardsAction>;
};

/** One alert: its form, its save button and its delete button. `position` counts from 1. */
export function NewsAlertCard({ card, position, defaultEmail, draftSlot, dispatch }: Props) {
  const save = useSaveAlert();
  const remove = useDeleteAlert();
  const { alert } = card;
  const form = useServerDraft(serverDraft(card), draftSlot);
  const [errors, setErrors] = useState<FieldErrors>({});
  const draft = form.values;
  const edit = (patch: Partial<AlertDraft>) => {
    form.edit(patch);
    setErrors((current) => withoutErrorsOf(current, patch));
  };

  function setActive(active: boolean) {
    if (active && missesRequired(draft)) {
      toast.error(text.cannotActivate, { description: text.requiredFields });
      return;
    }
    edit({ active });
  }

  function submit() {
    const { errors } = validate(newsAlertFormSchema, draft);
    if (errors) {
      setErrors(errors);
      toast.error(text.cannotSave, { description: missesRequiredField(errors) ? text.requiredFields : Object.values(errors)[0] });
      return;
    }
    const sent = draft;
    save.mutate(
      { id: alert?.id ?? null, draft: sent },
      {
        onSuccess: ({ alert: saved }) => {
          form.saved(sent);
          setErrors({});
          dispatch({ type: 'saved', key: card.key, alert: saved });
          toast.success(alert ? text.updated : text.created);
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.fields) setErrors(err.fields);
          toast.error(alert ? text.saveFailed : text.createFailed, { description: serverMessage(err) });
        },
      },
    );
  }

  function deleteCard() {
    if (position <= UNDELETABLE_NEWS_ALERTS) {
      toast.error(text.cannotDeleteTitle, { description: text.cannotDelete });
      return;
    }
    if (!alert) {
      dispatch({ type: 'remove', key: card.key });
      return;
    }
    dispatch({ type: 'deleting', key: card.key, deleting: true });
    remove.mutate(alert.id, {
      onSuccess: () => dispatch({ type: 'remove', key: card.key }),
      onError: (err) => {
        dispatch({ type: 'deleting', key: card.key, deleting: false });
        toast.error(err instanceof ApiRequestError && err.title ? err.title : text.deleteFailed, { description: serverMessage(err) });
      },
    });
  }

  return (
    <Card className="flex flex-col">
      <section aria-label={`Alert ${position}`} className="flex flex-1 flex-col gap-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
            Alert {position}
            {!alert && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Not saved</span>}
          </h2>
          <div className="flex items-center gap-2">
            <Switch checked={draft.active} onCheckedChange={setActive} label="Active" />
            <IconButton variant="danger" size="md" onClick={deleteCard} disabled={remove.isPending} aria-label="Delete alert">
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </IconButton>
          </div>
        </div>
        <Field
          label="Company name"
          value={draft.companyName}
          onChange={(event) => edit({ companyName: event.target.value })}
          maxLength={COMPANY_NAME_MAX_LENGTH}
          placeholder="e.g. Acme Corp"
          required
          error={errors.companyName}
        />
        <Field
          label="Keywords"
          value={draft.keywords}
          onChange={(event) => edit({ keywords: event.target.value })}
          maxLength={KEYWORDS_MAX_LENGTH}
          placeholder="e.g. merger, layoffs, new CEO"
          hint={`Separate keywords with commas. ${draft.keywords.length}/${KEYWORDS_MAX_LENGTH} characters`}
          error={errors.keywords}
        />
        <DeliveryDays days={draft.deliveryDays} onChange={(deliveryDays) => edit({ deliveryDays })} error={errors.deliveryDays} />
        <DeliveryTimeSelect hour={draft.deliveryHour} onChange={(deliveryHour) => edit({ deliveryHour })} error={errors.deliveryHour} />
        <Field
          label="Notification email"
          type="email"
          value={draft.notificationEmail}
          onChange={(event) => edit({ notificationEmail: event.target.value })}
          maxLength={254}
          placeholder={defaultEmail}
          hint={defaultEmailHint(defaultEmail)}
          error={errors.notificationEmail}
        />
        {alert && <AlertDelivery type="news" alertId={alert.id} />}
        {alert && <AlertTriggers type="news" alertId={alert.id} />}
        <div className="mt-auto flex min-h-10 items-center justify-end">
          <SaveStatus dirty={form.dirty} saving={save.isPending} savedAt={form.savedAt} onSave={submit} />
        </div>
      </section>
    </Card>
  );
}
