import { Hono } from 'hono';
import { z } from 'zod';
import { newPasswordSchema, registrationSchema } from '../../../shared/schemas.ts';
import type { Auth } from '../../auth/auth.ts';
import { invitedEmail } from '../../auth/invites.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { register, setPasswordFromToken, userForPasswordToken } from './service.ts';

const setPasswordSchema = z.intersection(newPasswordSchema, z.object({ token: z.string().min(1), purpose: z.enum(['invite', 'reset']) }));

export function accountRoutes(db: Database, auth: Auth) {
  return (
    new Hono()
      .post('/registration', async (c) => {
        const signedIn = await register(db, auth, await parseJson(c, registrationSchema));
        const res = c.json({ ok: true, signedIn: signedIn.ok }, 201);
        for (const cookie of signedIn.headers.getSetCookie()) res.headers.append('set-cookie', cookie);
        return res;
      })
      // The registration form fills in (and locks) the address the invite was sent to. The token is
      // the secret; whoever holds it may register that address anyway.
      .post('/invites/check', async (c) => {
        const { token } = await parseJson(c, z.object({ token: z.string().min(1).max(200) }));
        return c.json({ email: await invitedEmail(db, token) });
      })
      // POST with the token in the body: a token in a path or query string ends up in access logs.
      .post('/password-links/check', async (c) => {
        const { token } = await parseJson(c, z.object({ token: z.string().min(1).max(200) }));
        return c.json({ valid: Boolean(await userForPasswordToken(db, token)) });
      })
      .post('/password-links', async (c) => {
        const input = await parseJson(c, setPasswordSchema);
        const signedIn = await setPasswordFromToken(db, auth, input.token, input.password, input.purpose === 'invite');
        const res = c.json({ ok: true, signedIn: Boolean(signedIn?.ok) });
        for (const cookie of signedIn?.headers.getSetCookie() ?? []) res.headers.append('set-cookie', cookie);
        return res;
      })
  );
}
