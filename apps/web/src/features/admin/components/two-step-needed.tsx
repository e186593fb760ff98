import { Alert, Box, Button } from '@mantine/core';
import { twoStepMessages } from '@myprosper/contract/two-step';
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

function isTwoStepNeeded(error: unknown): boolean {
  return (
    error instanceof ApiError && error.statusCode === 403 && error.message === twoStepMessages.adminNeedsIt
  );
}

/**
 * Whether the admin API refused a call of this visit because the admin has no two-step sign-in (production
 * requires it of admins). Answers from before the visit are left out: they are asked again once two-step is on.
 */
export function useTwoStepNeeded(): boolean {
  const cache = useQueryClient().getQueryCache();
  const [since] = useState(Date.now);
  return useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () =>
      cache
        .getAll()
        .some((query) => query.state.errorUpdatedAt >= since && isTwoStepNeeded(query.state.error)),
  );
}

/** In place of an admin page the API refuses: what to do, and the way to the two-step sign-in page. */
export function TwoStepNeeded() {
  useDocumentTitle('Two-step sign-in needed · Admin');
  return (
    <Box px={{ base: 'md', md: 'xl' }} py={{ base: 'md', md: 'lg' }}>
      <Alert color="yellow" title={twoStepMessages.adminNeedsIt} role="alert">
        Admin pages need two-step sign-in on your account: after your password, log-in asks for a code from an
        authenticator app on your phone.
        <Box mt="sm">
          <Button component={Link} to={paths.twoStep}>
            Set up two-step sign-in
          </Button>
        </Box>
      </Alert>
    </Box>
  );
}
