import { z } from 'zod';

/** The envelope of every API answer: the spec's client reads statusCode and message, and data when present. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.number().int(), message: z.string(), data });
}

export const messageOnly = z.object({ statusCode: z.number().int(), message: z.string() });
export type MessageOnly = z.infer<typeof messageOnly>;

export const errorEnvelope = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  /** A stable code for programs; the message is for people. */
  code: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const roles = ['ADVISEE', 'ADVISOR', 'ADMIN'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

export const userTypes = ['ADVISEE', 'ADVISOR'] as const;
export const userType = z.enum(userTypes);
export type UserType = z.infer<typeof userType>;

export const priceTypes = ['INDIVIDUAL', 'GROUP'] as const;
export const priceType = z.enum(priceTypes);
export type PriceType = z.infer<typeof priceType>;

/** A positive database id given in a path, e.g. /advisors/{advisorId}. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
/** The caller's id in catalogue paths: 0 for a visitor. */
export const userIdParam = z.coerce.number().int().min(0).max(2_147_483_647);

export { isSuccessStatus } from './status.ts';
