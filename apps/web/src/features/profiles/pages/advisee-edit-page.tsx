import { Button, Divider, Paper, Stack } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import {
  type AdviseeDetails,
  type FieldProblem,
  isEmailChange,
  validateAdviseeUpdate,
  validateEmailChange,
} from '@myprosper/contract/profiles';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdviseeDetails } from '../api/get-advisee-details.ts';
import { useIndustries } from '../api/get-industries.ts';
import { useUpdateAdviseeDetails } from '../api/update-advisee-details.ts';
import { FormSkeleton, LoadError, PageFrame } from '../components/page-frame.tsx';
import { CurrentPasswordField, ProfileFields, ReadOnlyIdentity } from '../components/profile-fields.tsx';
import { ProfilePhotoEditor } from '../components/profile-photo-editor.tsx';
import {
  adviseeFormValues,
  type CommonProfileValues,
  displayPhone,
  hasChanges,
  invalidFields,
} from '../lib/profile-form.ts';

/** /profile/advisee/edit: the advisee's own details; name and phone read-only, photo cropped and uploaded. */
export function AdviseeEditPage() {
  useDocumentTitle('Edit Profile');
  const { user } = useSession();
  const details = useAdviseeDetails(user?.userId ?? null);

  return (
    <PageFrame
      heading="Edit Profile"
      intro="Keep your details up to date so mentors know who they are helping."
    >
      {details.isError ? (
        <LoadError onRetry={() => void details.refetch()} />
      ) : details.data ? (
        <AdviseeEditForm details={details.data} />
      ) : (
        <FormSkeleton />
      )}
    </PageFrame>
  );
}

function AdviseeEditForm({ details }: { details: AdviseeDetails }) {
  const industries = useIndustries();
  const update = useUpdateAdviseeDetails();
  const [saved, setSaved] = useState<CommonProfileValues>(() => adviseeFormValues(details));
  const [values, setValues] = useState<CommonProfileValues>(saved);
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const isChanged = hasChanges(saved, values);
  const isNewEmail = isEmailChange(saved.email, values.email);
  const invalid = invalidFields(problem, values, messages.fillAllFields);

  function change(field: keyof CommonProfileValues, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const found =
      validateAdviseeUpdate(values) ?? validateEmailChange(saved.email, values.email, currentPassword);
    setProblem(found);
    if (found) return;
    try {
      const answer = await update.mutateAsync({
        adviseeId: details.id,
        ...values,
        ...(isNewEmail ? { currentPassword } : {}),
      });
      setSaved(values);
      setCurrentPassword('');
      notify.success(answer.message || messages.profileUpdated);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <ProfilePhotoEditor photoUrl={details.profilePicUrl} />
        <Divider />
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Profile details">
          <Stack gap="md">
            <ReadOnlyIdentity name={details.name} phone={displayPhone(details.phoneNumber)} />
            <ProfileFields
              values={values}
              onChange={change}
              invalid={invalid}
              industries={industries.data ?? []}
              currentIndustry={details.industry}
              isLoadingIndustries={industries.isPending}
            />
            {isNewEmail && (
              <CurrentPasswordField
                value={currentPassword}
                onChange={setCurrentPassword}
                isInvalid={invalid.has('currentPassword')}
              />
            )}
            <FormError message={problem?.message ?? null} />
            <Button type="submit" size="md" disabled={!isChanged} loading={update.isPending}>
              Update
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
