import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { messages } from '../../../shared/messages.ts';
import { type FlagName, isFlagOn } from '../../lib/flags.ts';
import { toast } from '../../lib/toast.tsx';

const refusal: Partial<Record<FlagName, string>> = {
  enableNavigationRestructure: messages.flags.sandboxDisabled,
};

/** Routes behind a local feature flag: without it, back to / with the spec's message. */
export function FlagGate({ flag }: { flag: FlagName }) {
  const on = isFlagOn(flag);
  useEffect(() => {
    if (!on) toast.error(refusal[flag] ?? messages.flags.notAvailable);
  }, [on, flag]);
  return on ? <Outlet /> : <Navigate to="/" replace />;
}

/** The sandbox's gate (router.tsx): a route's lazily loaded component takes no props. */
export const NavigationRestructureGate = () => <FlagGate flag="enableNavigationRestructure" />;
