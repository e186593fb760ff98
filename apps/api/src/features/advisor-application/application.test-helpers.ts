import type { FastifyInstance } from 'fastify';
import { uniquePhone } from '../../db/seed/factories.ts';
import { randomIp, uniqueEmail } from '../auth/auth.test-helpers.ts';
import { type FilePart, multipartBody, pngBytes, videoFixture } from '../profiles/profiles.test-helpers.ts';
import { withPhoneProof } from '../verification/verification.test-helpers.ts';

/** The password of the applications these helpers make (neither common nor naming the applicant). */
export const applicationPassword = 'Kilima#2026';

/** A complete mentor application's text fields. */
export function applicationFields(
  industryId: number,
  topicIds: number[],
  overrides: Record<string, string | string[] | undefined> = {},
): Record<string, string | string[]> {
  const fields: Record<string, string | string[] | undefined> = {
    email: uniqueEmail('mentor'),
    name: 'Njeri Mwangi',
    phoneNumber: `0${uniquePhone().slice(3)}`,
    password: applicationPassword,
    confirmPassword: applicationPassword,
    dob: '1985-03-09',
    gender: 'Female',
    source: '',
    linkedInUrl: 'linkedin.com/in/njeri-mwangi',
    favouriteQuote: 'Small steps every day.',
    biography: 'Twenty years in banking, now helping young professionals grow.',
    occupation: 'Finance Director',
    yrsOfProfessionalWorkExperience: '15+',
    sizeOfOrganization: '500+',
    levelOfAdvisee: 'Mid-career',
    ratingForWorkingWithNewAdvisees: '5',
    industryId: String(industryId),
    topics: topicIds.map(String),
    country: 'Kenya',
    termsAccepted: 'true',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | string[]
  >;
}

export async function applicationFiles(): Promise<Record<string, FilePart>> {
  return {
    profilePic: { bytes: await pngBytes(900, 700), name: 'me.png', type: 'image/png' },
    video: { bytes: await videoFixture('tiny.mp4'), name: 'intro.mp4', type: 'video/mp4' },
  };
}

/**
 * Sends an application as the browser does: one multipart request, with the proof of its phone the wizard's
 * phone step gets (unless the fields carry a phoneProof of their own).
 */
export async function sendApplication(
  app: FastifyInstance,
  fields: Record<string, string | string[]>,
  files: Record<string, FilePart>,
) {
  const body = await multipartBody(await withPhoneProof(app, fields), files);
  return app.inject({
    method: 'POST',
    url: '/myprosper/auth/registerAdvisor',
    remoteAddress: randomIp(),
    ...body,
  });
}
