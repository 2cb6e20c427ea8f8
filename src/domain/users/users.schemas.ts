import { bodyId, limitOffset, queryId, z } from '../../http/schemas';

export const roleEnum = z.enum(['Reader', 'User', 'Admin']);

export const userRecord = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleEnum,
  orgIds: z.array(z.number().int()),
});
export const userDetailsQuery = z.object({ userId: queryId.optional() });
export const allUsersQuery = z.object({ orgId: queryId.optional(), ...limitOffset });
export const userPage = z.object({ users: z.array(userRecord), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export const updateRoleBody = z.strictObject({ userId: bodyId, role: roleEnum });
