import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../shared/messages.ts';
import type { Profile, ProfileFormInput } from '../../../shared/schemas.ts';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError, api } from '../../lib/api-client.ts';
import { sessionQueryKey, useSession } from '../../lib/session.ts';
import { ProfileForm } from './profile-form.tsx';
import { ProfileLoadError } from './profile-load-error.tsx';

export function ProfileCompletionPage() {
  const { data: profile, isError, refetch, isRefetching } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const alreadyCompleted = Boolean(profile?.profileCompleted);

  const complete = useMutation({
    mutationFn: (update: ProfileFormInput) => api<Profile>('/api/profile/completion', { body: update }),
    onSuccess: (saved) => {
      queryClient.setQueryData(sessionQueryKey, saved);
      toast.success(messages.profile.updated);
      navigate('/homepage', { replace: true });
    },
    onError: (err) => toast.error(messages.profile.updateFailed, { description: err instanceof ApiRequestError ? err.message : undefined }),
  });

  useEffect(() => {
    if (alreadyCompleted && !complete.isSuccess) toast.info(messages.profile.alreadyCompleted);
  }, [alreadyCompleted, complete.isSuccess]);

  useEffect(() => {
    if (isError) toast.error(messages.profile.loadError, { description: 'Please try again later.' });
  }, [isError]);

  if (isError) return <ProfileLoadError title="Complete your profile" retrying={isRefetching} onRetry={() => refetch()} />;
  if (!profile) return <Spinner />;
  if (alreadyCompleted && !complete.isSuccess) return <Navigate to="/homepage" replace />;

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold text-slate-900">Complete your profile</h1>
      <p className="mt-1 text-slate-600">
        Tell us about you and what you sell: the content and research tools use it to tailor their results.
      </p>
      <Card className="mt-6">
        <ProfileForm profile={profile} submitLabel="Save and continue" busy={complete.isPending} onSubmit={(u) => complete.mutate(u)} />
      </Card>
    </div>
  );
}
