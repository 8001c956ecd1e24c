// The signed-in user's own row of `users`; every query is keyed by the session's user id.
import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import type { Profile, ProfileUpdate } from '../../../shared/schemas.ts';
import type { TwoFactorStatus } from '../../../shared/two-factor.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';

const profileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  linkedinProfileUrl: users.linkedinProfileUrl,
  phone: users.phone,
  jobTitle: users.jobTitle,
  companyName: users.companyName,
  solutionType: users.solutionType,
  solutionDescription: users.solutionDescription,
  targetIndustries: users.targetIndustries,
  primaryValueProp: users.primaryValueProp,
  alertsEmail: users.alertsEmail,
  profileCompleted: users.profileCompleted,
  posthogEnabled: users.posthogEnabled,
  role: users.role,
};

/** The profile as the app reads it: `operator: true` for an operator (the menu shows the console), else no such key. */
const asProfile = ({ role, ...profile }: { role: 'user' | 'operator' } & Omit<Profile, 'operator'>): Profile =>
  role === 'operator' ? { ...profile, operator: true } : profile;

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return asProfile(row);
}

function toRow(input: ProfileUpdate) {
  const { posthogEnabled, ...fields } = input;
  return { ...fields, name: `${input.firstName} ${input.lastName}`, ...(posthogEnabled === undefined ? {} : { posthogEnabled }) };
}

export async function updateProfile(db: Database, userId: string, input: ProfileUpdate): Promise<Profile> {
  const [row] = await db.update(users).set(toRow(input)).where(eq(users.id, userId)).returning(profileColumns);
  if (!row) throw unauthorized();
  return asProfile(row);
}

/** The one-time profile form: refused once the profile is complete. */
export async function completeProfile(db: Database, userId: string, input: ProfileUpdate): Promise<Profile> {
  const [row] = await db
    .update(users)
    .set({ ...toRow(input), profileCompleted: true })
    .where(and(eq(users.id, userId), eq(users.profileCompleted, false)))
    .returning(profileColumns);
  if (!row) throw new AppError('profile_completed', messages.profile.alreadyCompleted);
  return asProfile(row);
}

export async function setRecording(db: Database, userId: string, posthogEnabled: boolean) {
  await db.update(users).set({ posthogEnabled }).where(eq(users.id, userId));
}

/** Whether two-factor sign-in is on, and how many backup codes are left (the plugin decrypts them; the codes stay on the server). */
export async function twoFactorStatus(db: Database, auth: Auth, userId: string): Promise<TwoFactorStatus> {
  const [user] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  if (!user.enabled) return { enabled: false, backupCodesLeft: 0, required: auth.requireTwoFactor };
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
  return { enabled: true, backupCodesLeft: backupCodes.length, required: auth.requireTwoFactor };
}
