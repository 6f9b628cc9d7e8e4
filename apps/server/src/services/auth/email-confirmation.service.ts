import {
  EMAIL_MESSAGES,
  SIGNUP_MESSAGES,
  validateEmail,
  type ConfirmEmailResponse,
} from '@threadcart/contracts';
import { withTransaction, type Db } from '../../db/database.ts';
import {
  claimSignupGiftMailbox,
  findUsableEmailConfirmation,
  insertEmailConfirmation,
  listRecentConfirmationTimes,
  markEmailConfirmationsUsed,
  markEmailConfirmed,
  updateUserEmail,
} from '../../db/repositories/auth/email-confirmations.repository.ts';
import {
  findUserById,
  identifierKey,
  isEmailTaken,
  uniqueViolationField,
  type AuthUser,
} from '../../db/repositories/auth/users.repository.ts';
import type { EmailConfirmationPurpose } from '../../db/tables/email-confirmations.tables.ts';
import type { Deps } from '../../deps.ts';
import { AppError, FieldErrors, badRequest } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { normaliseMailbox } from '../../lib/mailbox.ts';
import { hmacBase64Url, randomToken, sha256Hex } from '../../lib/secret-tokens.ts';
import { grantSignupGift } from '../payments/ledger.service.ts';
import { blockedUntil, tooManyAttempts } from './login-throttle.service.ts';
import { getMailer } from '../operations/mail.service.ts';
import { revokeAllApiKeys } from '../../db/repositories/auth/api-keys.repository.ts';
import { revokeAllSessions } from './sessions.service.ts';

/**
 * How long a link stays valid: the sign-up one a week (the gift waits), a change of address one day, and the old
 * address's link that cancels a change one day.
 */
export const CONFIRMATION_TTL_MS: Record<EmailConfirmationPurpose, number> = {
  signup: 7 * 24 * 60 * 60_000,
  change: 24 * 60 * 60_000,
  revert: 24 * 60 * 60_000,
};
/** Links a user may ask for per hour (resends and changes of address together). */
const LINKS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

/**
 * Mails a confirmation link for `email` through the outbox (in `db`, so inside the caller's transaction): the
 * account's own address at sign-up, or the new address of a change.
 */
export async function mailConfirmationLink(
  deps: Deps,
  db: Db,
  user: { id: string; username: string },
  purpose: EmailConfirmationPurpose,
  email: string,
  now: Date,
  newAddress?: string,
): Promise<void> {
  const token = randomToken();
  await insertEmailConfirmation(db, {
    id: newId(now.getTime()),
    userId: user.id,
    purpose,
    email,
    tokenHash: sha256Hex(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS[purpose]).toISOString(),
  });
  const link = `${deps.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  const body =
    purpose === 'revert'
      ? [
          `Hello ${user.username},`,
          '',
          `The e-mail address of your Threadcart account was changed from this address to ${newAddress ?? 'another'}.`,
          `If you did not ask for this, open this link within 24 hours: it gives the account this address back and`,
          `signs out every session and API key:\n${link}`,
          '',
          'Then sign in and choose a new password (use "Forgot password" if it no longer works).',
        ]
      : purpose === 'signup'
        ? [
            `Hello ${user.username},`,
            '',
            'Welcome to Threadcart. Open this link within 7 days to confirm your e-mail address;',
            `your 1,000 free credits arrive when you do:\n${link}`,
            '',
            'If you did not create an account, ignore this mail.',
          ]
        : [
            `Hello ${user.username},`,
            '',
            'You asked to use this address for your Threadcart account.',
            `Open this link within 24 hours to confirm it:\n${link}`,
            '',
            'If it was not you, ignore this mail: the account keeps its address.',
          ];
  const subjects: Record<EmailConfirmationPurpose, string> = {
    signup: 'Confirm your Threadcart e-mail address',
    change: 'Confirm your new e-mail address',
    revert: 'Your Threadcart e-mail address was changed',
  };
  await getMailer(deps, db).send({ to: email, subject: subjects[purpose], body: body.join('\n') });
}

async function assertLinkAllowed(deps: Deps, userId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const until = blockedUntil(
    await listRecentConfirmationTimes(deps.db, userId, since, LINKS_PER_HOUR),
    LINKS_PER_HOUR,
    HOUR_MS,
  );
  if (until) throw tooManyAttempts(until, now);
}

/** A new sign-up link for a signed-in user whose address is not confirmed yet (5 links an hour at most). */
export async function resendConfirmation(deps: Deps, user: AuthUser): Promise<string> {
  const now = deps.clock.now();
  const account = await findUserById(deps.db, user.id);
  if (!account) throw new AppError(404, 'Not found.', 'not_found');
  if (account.emailConfirmedAt) throw badRequest(EMAIL_MESSAGES.alreadyConfirmed, 'already_confirmed');
  await assertLinkAllowed(deps, user.id, now);
  await mailConfirmationLink(deps, deps.db, account, 'signup', account.email, now);
  return EMAIL_MESSAGES.resent(account.email);
}

/**
 * Mails a link to a new address; the account keeps its address until the link is followed. An address another
 * account uses is refused now (and again when the link is followed, since it may have been taken meanwhile).
 */
export async function requestEmailChange(deps: Deps, user: AuthUser, email: string): Promise<void> {
  const messages = validateEmail(email);
  if (messages.length > 0) throw new FieldErrors({ email: messages });
  const now = deps.clock.now();
  const account = await findUserById(deps.db, user.id);
  if (!account) throw new AppError(404, 'Not found.', 'not_found');
  const address = email.trim();
  if (identifierKey(address) === identifierKey(account.email)) {
    throw new FieldErrors({ email: [EMAIL_MESSAGES.sameEmail] });
  }
  if (await isEmailTaken(deps.db, address)) {
    throw new FieldErrors({ email: [SIGNUP_MESSAGES.emailTaken] });
  }
  await assertLinkAllowed(deps, user.id, now);
  await withTransaction(deps.db, async (trx) => {
    // Only the latest requested address can be confirmed.
    await markEmailConfirmationsUsed(trx, user.id, 'change', now.toISOString());
    await mailConfirmationLink(deps, trx, account, 'change', address, now);
  });
}

/** The keyed hash a mailbox's gift is remembered by (no address is kept after an account is deleted). */
export function giftMailboxHash(deps: Deps, email: string): string {
  return hmacBase64Url(deps.config.auth.secret, `signup-gift:${normaliseMailbox(email)}`);
}

/**
 * Marks the account's address confirmed and, the first time, grants the sign-up gift (both or neither), once per
 * mailbox ever: `name+1@`, dots at Gmail and an account deleted since all count as the same mailbox (issue 28).
 */
async function confirmAddress(
  deps: Deps,
  trx: Db,
  userId: string,
  email: string,
  now: Date,
): Promise<'gift' | 'gift_taken' | 'already'> {
  if (!(await markEmailConfirmed(trx, userId, now.toISOString()))) return 'already';
  if (!(await claimSignupGiftMailbox(trx, giftMailboxHash(deps, email), now.toISOString())))
    return 'gift_taken';
  await grantSignupGift(trx, userId, now);
  return 'gift';
}

/**
 * Follows a link: a sign-up link confirms the address (and brings the gift, once); a change link moves the account
 * to the new address, tells the old one, and counts as a confirmation too. Links are single use, also when two
 * arrive at once; a sign-up link for an address the account no longer has is refused.
 */
export async function confirmEmail(deps: Deps, token: string | undefined): Promise<ConfirmEmailResponse> {
  const now = deps.clock.now();
  const found = token
    ? await findUsableEmailConfirmation(deps.db, sha256Hex(token), now.toISOString())
    : undefined;
  const invalid = () => new AppError(400, EMAIL_MESSAGES.invalidLink, 'invalid_link');
  if (!found) throw invalid();
  const account = await findUserById(deps.db, found.userId);
  if (!account) throw invalid();
  try {
    return await withTransaction(deps.db, async (trx) => {
      if (
        !(await markEmailConfirmationsUsed(trx, found.userId, found.purpose, now.toISOString(), found.id))
      ) {
        throw invalid();
      }
      if (found.purpose === 'signup') {
        if (identifierKey(account.email) !== found.emailKey) throw invalid();
        const outcome = await confirmAddress(deps, trx, found.userId, account.email, now);
        const details = {
          gift: EMAIL_MESSAGES.confirmedWithGift,
          gift_taken: EMAIL_MESSAGES.confirmedGiftTaken,
          already: EMAIL_MESSAGES.alreadyConfirmed,
        };
        return { detail: details[outcome], purpose: 'signup' as const };
      }
      if (found.purpose === 'revert') {
        // The old address takes the account back: the new one and everyone signed in through it are shut out.
        await updateUserEmail(trx, found.userId, found.email);
        await confirmAddress(deps, trx, found.userId, found.email, now);
        await markEmailConfirmationsUsed(trx, found.userId, 'change', now.toISOString());
        await revokeAllSessions(trx, found.userId, now, 'email_change_cancelled');
        await revokeAllApiKeys(trx, found.userId, now.toISOString());
        return { detail: EMAIL_MESSAGES.reverted(found.email), purpose: 'revert' as const };
      }
      await updateUserEmail(trx, found.userId, found.email);
      await confirmAddress(deps, trx, found.userId, found.email, now);
      // The old address is told, with a link that undoes the change within 24 hours (issue 28).
      await markEmailConfirmationsUsed(trx, found.userId, 'revert', now.toISOString());
      await mailConfirmationLink(deps, trx, account, 'revert', account.email, now, found.email);
      return { detail: EMAIL_MESSAGES.changed(found.email), purpose: 'change' as const };
    });
  } catch (error) {
    if (uniqueViolationField(error) === 'email')
      throw new FieldErrors({ email: [SIGNUP_MESSAGES.emailTaken] });
    throw error;
  }
}
