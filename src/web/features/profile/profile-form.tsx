import { useState } from 'react';
import { type Profile, type ProfileFormInput, profileFormSchema } from '../../../shared/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextAreaField } from '../../components/ui/fields.tsx';
import { type FieldErrors, formValues, validate } from '../../lib/form.ts';

type Props = {
  profile: Profile;
  submitLabel: string;
  busy: boolean;
  /** /profile also edits the session-recording opt-in; the one-time form does not. */
  withRecordingOptIn?: boolean;
  /** Receives the form's values as typed (the server parses them with the same schema). */
  onSubmit: (values: ProfileFormInput) => void;
};

/** Every field of the users table the user edits (spec 01 §3, §5), validated like the server does. */
export function ProfileForm({ profile, submitLabel, busy, withRecordingOptIn, onSubmit }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = {
      ...formValues(form),
      posthogEnabled: withRecordingOptIn ? (form.elements.namedItem('posthogEnabled') as HTMLInputElement).checked : undefined,
    };
    const { errors } = validate(profileFormSchema, values);
    setErrors(errors ?? {});
    if (!errors) onSubmit(values as ProfileFormInput);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">About you</legend>
        <Field
          label="First name"
          name="firstName"
          defaultValue={profile.firstName ?? ''}
          autoComplete="given-name"
          required
          error={errors.firstName}
        />
        <Field
          label="Last name"
          name="lastName"
          defaultValue={profile.lastName ?? ''}
          autoComplete="family-name"
          required
          error={errors.lastName}
        />
        <Field
          label="Job title"
          name="jobTitle"
          defaultValue={profile.jobTitle ?? ''}
          autoComplete="organization-title"
          required
          error={errors.jobTitle}
        />
        <Field
          label="Company name"
          name="companyName"
          defaultValue={profile.companyName ?? ''}
          autoComplete="organization"
          required
          error={errors.companyName}
        />
        <Field
          label="LinkedIn URL"
          name="linkedinProfileUrl"
          type="url"
          defaultValue={profile.linkedinProfileUrl ?? ''}
          required
          error={errors.linkedinProfileUrl}
        />
        <Field label="Phone" name="phone" type="tel" defaultValue={profile.phone ?? ''} autoComplete="tel" required error={errors.phone} />
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold text-slate-900">What you sell</legend>
        <Field
          label="Solution type"
          name="solutionType"
          defaultValue={profile.solutionType ?? ''}
          required
          error={errors.solutionType}
          placeholder="e.g. Sales engagement software"
        />
        <TextAreaField
          label="Solution description"
          name="solutionDescription"
          defaultValue={profile.solutionDescription ?? ''}
          required
          error={errors.solutionDescription}
        />
        <Field
          label="Target industries"
          name="targetIndustries"
          defaultValue={profile.targetIndustries.join(', ')}
          required
          error={errors.targetIndustries}
          hint="Separate industries with commas, e.g. Healthcare, Fintech, Manufacturing"
        />
        <TextAreaField
          label="Primary value proposition"
          name="primaryValueProp"
          defaultValue={profile.primaryValueProp ?? ''}
          required
          error={errors.primaryValueProp}
        />
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold text-slate-900">Alerts</legend>
        <Field
          label="Alerts e-mail (optional)"
          name="alertsEmail"
          type="email"
          defaultValue={profile.alertsEmail ?? ''}
          error={errors.alertsEmail}
          hint={`Where your Sonar OS alerts go. Leave empty to use ${profile.email}.`}
        />
        {withRecordingOptIn && (
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input type="checkbox" name="posthogEnabled" defaultChecked={profile.posthogEnabled} className="mt-1 h-4 w-4" />
            <span>
              <span className="font-medium">Allow session recording</span>
              <span className="block text-slate-600">
                Helps us fix problems you run into. Password fields and password pages are never recorded.
              </span>
            </span>
          </label>
        )}
      </fieldset>
      <Button type="submit" busy={busy}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
