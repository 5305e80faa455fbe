import {
  displayNameSchema,
  emailSchema,
  INVITE_MAX_HOURS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordSchema,
  teamNameSchema,
} from '@enrich/accounts';
import { z } from 'zod';

// Requests and answers of the dashboard's session-only endpoints (/dashboard/api/*).

const isoTimestamp = z.string().meta({ format: 'date-time', example: '2026-11-23T12:00:00.000Z' });
const role = z.enum(['owner', 'member']);
const plan = z.enum(['free', 'starter', 'growth', 'enterprise']);
// Ids and tokens in paths: bounded, so a hostile path is a 404 rather than a huge query.
const pathId = z.string().min(1).max(200);

export const signupRequestSchema = z
  .object({
    email: emailSchema.meta({ description: 'Stored lowercased; one account per email', example: 'ada@acme.com' }),
    password: passwordSchema.meta({ description: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters` }),
    teamName: teamNameSchema.optional().meta({ description: 'Name of the new team; by default taken from the email, made unique' }),
    inviteToken: z.string().max(200).optional().meta({ description: 'Join the team of this invite, in its role' }),
  })
  .meta({ id: 'SignupRequest' });

export const signinRequestSchema = z
  .object({
    // Malformed is a 400: no account can have such an email, so it tells nothing.
    email: emailSchema.meta({ example: 'ada@acme.com' }),
    password: z.string().min(1).max(PASSWORD_MAX),
  })
  .meta({ id: 'SigninRequest' });

export const sessionUserSchema = z.object({ id: z.string(), email: z.string(), role }).meta({ id: 'DashboardUser' });
export const sessionTeamSchema = z.object({ id: z.string(), name: z.string(), plan }).meta({ id: 'DashboardTeam' });

export const sessionResponseSchema = z
  .object({
    user: sessionUserSchema,
    team: sessionTeamSchema,
    csrfToken: z.string().meta({ description: 'Send as X-CSRF-Token on every cookie-authenticated request that is not a GET or HEAD' }),
  })
  .meta({ id: 'DashboardSession' });

export const dashboardConfigSchema = z.object({ signupMode: z.enum(['open', 'invite', 'closed']) }).meta({ id: 'DashboardConfig' });

export const keyItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: 'First characters of the key, for telling keys apart', example: 'ce_live_AbCd' }),
    createdAt: isoTimestamp,
    lastUsedAt: isoTimestamp.nullable(),
    revokedAt: isoTimestamp.nullable(),
    createdBy: z.object({ id: z.string(), email: z.string() }).nullable().meta({ description: 'null for keys made by the admin CLI' }),
  })
  .meta({ id: 'DashboardKey' });
export const keyListSchema = z.object({ data: z.array(keyItemSchema) }).meta({ id: 'DashboardKeyList' });

export const keyCreateRequestSchema = z.object({ name: displayNameSchema }).meta({ id: 'KeyCreateRequest' });
export const keyCreatedSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    createdAt: isoTimestamp,
    key: z.string().meta({ description: 'The key itself: shown only in this answer', example: 'ce_live_LBgVwBTaaGqwjAuP43v773aLnDdRh6PH' }),
  })
  .meta({ id: 'KeyCreated' });
export const keyIdParamsSchema = z.object({
  id: pathId.meta({ description: 'The key’s id', example: 'key_01m8b2c3d4e5f6g7h8j9k0m1n2p3' }),
});

export const teamViewSchema = z
  .object({
    team: z.object({
      id: z.string(),
      name: z.string(),
      plan,
      limits: z.object({
        perMinute: z.number().int(),
        perDay: z.number().int().nullable().meta({ description: 'null: no daily window on this plan' }),
        monthlyQuota: z.number().int().nullable().meta({ description: 'Enrichments per UTC month; null: unlimited' }),
      }),
    }),
    members: z.array(z.object({ id: z.string(), email: z.string(), role, createdAt: isoTimestamp })),
  })
  .meta({ id: 'DashboardTeamView' });

export const inviteItemSchema = z
  .object({ id: z.string(), role, createdAt: isoTimestamp, expiresAt: isoTimestamp, usedAt: isoTimestamp.nullable() })
  .meta({ id: 'Invite' });
export const inviteListSchema = z.object({ data: z.array(inviteItemSchema) }).meta({ id: 'InviteList' });
export const inviteCreateRequestSchema = z
  .object({
    role: role.optional().meta({ description: 'Role of who joins with it; default member' }),
    expiresInHours: z
      .number()
      .int()
      .min(1)
      .max(INVITE_MAX_HOURS)
      .optional()
      .meta({ description: `1 to ${INVITE_MAX_HOURS}; default 72` }),
  })
  .meta({ id: 'InviteCreateRequest' });
export const inviteCreatedSchema = z
  .object({
    id: z.string(),
    role,
    expiresAt: isoTimestamp,
    token: z.string().meta({ description: 'Shown only in this answer; only its hash is stored' }),
    url: z.string().meta({ description: 'The join page: <origin>/dashboard/join/<token>' }),
  })
  .meta({ id: 'InviteCreated' });
// One path, /invites/{invite}: GET reads it by its token (no session), DELETE removes it by its id.
export const inviteParamsSchema = z.object({
  invite: pathId.meta({
    description: 'GET: the invite’s token (from its join link); DELETE: the invite’s id',
    example: 'inv_01m8b2c3d4e5f6g7h8j9k0m1n2p3',
  }),
});
export const inviteLookupSchema = z.object({ teamName: z.string(), role, expiresAt: isoTimestamp }).meta({ id: 'InviteLookup' });
