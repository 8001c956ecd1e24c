import { Hono } from 'hono';
import { z } from 'zod';
import { profileFormSchema } from '../../../shared/schemas.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { findSessionUser, requireSession, type SessionEnv } from '../../http/session.ts';
import { completeProfile, getProfile, setRecording, twoFactorStatus, updateProfile } from './service.ts';

export function profileRoutes(db: Database, auth: Auth) {
  return (
    new Hono<SessionEnv>()
      // The app's session check on every page load: a signed-out visitor is an answer (null), not an
      // error, so that public pages log no failed request in the browser's console (issue 25, 13).
      .get('/current', async (c) => {
        const found = await findSessionUser(auth, c);
        const profile = found ? await getProfile(db, found.user.id) : null;
        // REQUIRE_TWO_FACTOR and none yet: the app shows only the set-up page (http/session.ts closes the rest).
        const setup = found && auth.requireTwoFactor && !found.user.hasSecondFactor ? { secondFactorSetupRequired: true as const } : {};
        const answer = c.json({ profile: profile && { ...profile, ...setup } });
        for (const cookie of found?.setCookies ?? []) answer.headers.append('set-cookie', cookie);
        return answer;
      })
      .use(requireSession(auth, { openDuringSetup: true }))
      .get('/', async (c) => c.json(await getProfile(db, c.var.user.id)))
      .get('/two-factor', async (c) => c.json(await twoFactorStatus(db, auth, c.var.user.id)))
      .put('/', async (c) => c.json(await updateProfile(db, c.var.user.id, await parseJson(c, profileFormSchema))))
      .post('/completion', async (c) => c.json(await completeProfile(db, c.var.user.id, await parseJson(c, profileFormSchema))))
      .put('/recording', async (c) => {
        const { posthogEnabled } = await parseJson(c, z.object({ posthogEnabled: z.boolean() }));
        await setRecording(db, c.var.user.id, posthogEnabled);
        return c.json({ posthogEnabled });
      })
  );
}
