import { Hono } from 'hono';
import { z } from 'zod';
import { profileFormSchema } from '../../../shared/schemas.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { findSessionUser, requireSession, type SessionEnv } from '../../http/session.ts';
import { completeProfile, getProfile, setRecording, updateProfile } from './service.ts';

export function profileRoutes(db: Database, auth: Auth) {
  return (
    new Hono<SessionEnv>()
      // The app's session check on every page load: a signed-out visitor is an answer (null), not an
      // error, so that public pages log no failed request in the browser's console (issue 25, 13).
      .get('/current', async (c) => {
        const found = await findSessionUser(auth, c);
        const answer = c.json({ profile: found ? await getProfile(db, found.user.id) : null });
        for (const cookie of found?.setCookies ?? []) answer.headers.append('set-cookie', cookie);
        return answer;
      })
      .use(requireSession(auth))
      .get('/', async (c) => c.json(await getProfile(db, c.var.user.id)))
      .put('/', async (c) => c.json(await updateProfile(db, c.var.user.id, await parseJson(c, profileFormSchema))))
      .post('/completion', async (c) => c.json(await completeProfile(db, c.var.user.id, await parseJson(c, profileFormSchema))))
      .put('/recording', async (c) => {
        const { posthogEnabled } = await parseJson(c, z.object({ posthogEnabled: z.boolean() }));
        await setRecording(db, c.var.user.id, posthogEnabled);
        return c.json({ posthogEnabled });
      })
  );
}
