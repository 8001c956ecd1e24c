// What every way of signing in does once the server has set the session (a password, a passkey,
// the second factor's step): read the profile, cache the signed-in user, greet, and go on to the profile's completion
// or where the user was going. One function, so the ways cannot drift apart.
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { loginMessages } from '../../../shared/first-screen-messages.ts';
import { safeRedirectPath } from '../../../shared/redirect.ts';
import type { Profile } from '../../../shared/schemas.ts';
import { api } from '../../lib/api-client.ts';
import { cacheSignedInUser } from '../../lib/first-screen-queries.ts';
import { toast } from '../../lib/toast.tsx';

export function useFinishSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Set once this page signs the user in: from then on it, not the signed-in rule, picks the destination.
  const signedInHere = useRef(false);
  async function finishSignIn() {
    const profile = await api<Profile>('/api/profile');
    signedInHere.current = true;
    await cacheSignedInUser(profile);
    toast.success(loginMessages.success);
    navigate(profile.profileCompleted ? safeRedirectPath(params.get('redirect_to')) : '/profile-completion', { replace: true });
  }
  return { finishSignIn, signedInHere };
}
