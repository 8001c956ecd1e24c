import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { twoFactorTexts } from '../../../shared/two-factor.ts';
import { Button } from '../../components/ui/button.tsx';
import { sessionQueryKey, useSession, useSignOut } from '../../lib/session.ts';
import { PasskeysSection } from './passkeys-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * Where a user lands when the operator requires a second factor (REQUIRE_TWO_FACTOR) and they have
 * none (issue 30 §1): an authenticator app or a passkey, then on to the app. The server refuses
 * everything else to them until then (http/session.ts), so this is the whole app for now.
 */
export function TwoFactorSetupPage() {
  const { data: user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();

  async function carryOn() {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    const fresh = queryClient.getQueryData<typeof user>(sessionQueryKey);
    if (!fresh?.secondFactorSetupRequired)
      navigate(fresh?.profileCompleted === false ? '/profile-completion' : '/homepage', { replace: true });
  }

  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{twoFactorTexts.setupRequiredTitle}</h1>
      <p className="mt-2 text-slate-700">
        {user?.secondFactorSetupRequired ? twoFactorTexts.setupRequired : 'Add a second way to prove it is you when you sign in.'}
      </p>
      <TwoFactorSection onEnabled={carryOn} />
      <PasskeysSection />
      <div className="mt-6 flex flex-wrap gap-2">
        <Button onClick={carryOn}>Continue</Button>
        <Button
          variant="ghost"
          onClick={async () => {
            await signOut();
            navigate('/login', { replace: true });
          }}
        >
          Sign out
        </Button>
      </div>
    </main>
  );
}
