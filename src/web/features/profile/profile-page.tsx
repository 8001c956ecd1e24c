import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../shared/messages.ts';
import type { Profile, ProfileFormInput } from '../../../shared/schemas.ts';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError, api } from '../../lib/api-client.ts';
import { sessionQueryKey, useSession } from '../../lib/session.ts';
import { AccountDataSection } from './account-data-section.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { ProfileForm } from './profile-form.tsx';
import { ProfileLoadError } from './profile-load-error.tsx';
import { SecurityLogSection } from './security-log-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

export function ProfilePage() {
  const { data: profile, isError, refetch, isRefetching } = useSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (isError) toast.error(messages.profile.loadError, { description: 'Please try again later.' });
  }, [isError]);

  const save = useMutation({
    mutationFn: (update: ProfileFormInput) => api<Profile>('/api/profile', { method: 'PUT', body: update }),
    onSuccess: (saved) => {
      queryClient.setQueryData(sessionQueryKey, saved);
      toast.success(messages.profile.updated);
    },
    onError: (err) => toast.error(messages.profile.updateFailed, { description: err instanceof ApiRequestError ? err.message : undefined }),
  });

  if (isError) return <ProfileLoadError title="Profile Settings" retrying={isRefetching} onRetry={() => refetch()} />;
  if (!profile) return <Spinner />;

  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold text-slate-900">Profile Settings</h1>
          <p className="mt-1 wrap-break-word text-slate-600">Signed in as {profile.email}</p>
        </div>
        <ChangePasswordDialog />
      </div>
      <Card className="mt-6">
        <ProfileForm
          profile={profile}
          submitLabel="Save changes"
          busy={save.isPending}
          withRecordingOptIn
          onSubmit={(u) => save.mutate(u)}
        />
      </Card>
      {/* Account security and data rights (issue 30): each section loads its own data. */}
      <h2 className="mt-10 text-xl font-semibold text-slate-900">Sign-in and security</h2>
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
      <SecurityLogSection />
      <h2 className="mt-10 text-xl font-semibold text-slate-900">Your data</h2>
      <AccountDataSection />
    </div>
  );
}
