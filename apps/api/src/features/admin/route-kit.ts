import { errorEnvelope } from '@myprosper/contract/common';

/** What every admin route declares: its OpenAPI tag, bearer security and the error answers it may give. */
export const adminTags = ['admin'];
export const adminSecurity = [{ bearer: [] }];
export const adminErrors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
};
