import { Anchor, Button, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { todayIn } from '@myprosper/contract/dates';
import { passwordMessages } from '@myprosper/contract/password-messages';
import { genders, validateAdviseeSignUp } from '@myprosper/contract/profiles';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { PhoneField } from '../../../components/phone-field/phone-field.tsx';
import type { PhoneInputValue } from '../../../components/phone-field/phone-value.ts';
import { paths } from '../../../config/paths.ts';
import { fieldError } from '../../../lib/server-field-errors.ts';
import { useIndustries } from '../api/get-industries.ts';
import { useLeadSources } from '../api/get-lead-sources.ts';
import {
  emptySignupForm,
  fieldsInError,
  type SignupFormValues,
  toSignUpRequest,
} from '../lib/signup-form.ts';

export interface SignupFormProps {
  /** An invitation's phone: shown read-only. */
  invitedPhone?: PhoneInputValue;
  isSubmitting: boolean;
  /** Called with a form that passed every rule of spec 5; answers the server's refusal, if any. */
  onSubmit: (request: ReturnType<typeof toSignUpRequest>) => Promise<string | null>;
}

/** Spec 5, advisee sign-up: every field required, then full name, e-mail, phone, password, confirmation, birthday. */
export function SignupForm({ invitedPhone, isSubmitting, onSubmit }: SignupFormProps) {
  const industries = useIndustries();
  const leadSources = useLeadSources();
  const [values, setValues] = useState<SignupFormValues>(() =>
    invitedPhone ? { ...emptySignupForm, phone: invitedPhone } : emptySignupForm,
  );
  const [hasTried, setHasTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const today = todayIn();
  const request = toSignUpRequest(values);
  const problem = hasTried ? validateAdviseeSignUp(request, today) : null;
  const marked = fieldsInError(problem, request);

  function set<K extends keyof SignupFormValues>(field: K, value: SignupFormValues[K]): void {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setHasTried(true);
    setServerError(null);
    if (validateAdviseeSignUp(request, today)) return;
    setServerError(await onSubmit(request));
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Full name"
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={marked.has('name')}
            required
          />
          <TextInput
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={fieldError('email', serverError, marked.has('email'))}
            required
          />
          <PhoneField
            label="Phone number"
            value={values.phone}
            onChange={(phone) => set('phone', phone)}
            error={fieldError('phoneNumber', serverError, marked.has('phoneNumber'))}
            readOnly={invitedPhone !== undefined}
            description={invitedPhone ? 'The number you were invited on' : undefined}
            required
          />
          <Select
            label="Industry"
            name="industryId"
            placeholder={industries.isPending ? 'Loading…' : 'Choose your industry'}
            data={(industries.data ?? []).map((industry) => ({
              value: String(industry.id),
              label: industry.name,
            }))}
            value={values.industryId || null}
            onChange={(value) => set('industryId', value ?? '')}
            searchable
            error={marked.has('industryId') || (industries.isError && 'Could not load the industries')}
            required
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            description={passwordMessages.newPasswordHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={values.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            error={fieldError('password', serverError, marked.has('password'))}
            required
          />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => set('confirmPassword', event.currentTarget.value)}
            error={marked.has('confirmPassword')}
            required
          />
          <Select
            label="How did you hear about us?"
            name="source"
            placeholder={leadSources.isPending ? 'Loading…' : 'Choose one'}
            data={(leadSources.data ?? []).map((source) => source.name)}
            value={values.source || null}
            onChange={(value) => set('source', value ?? '')}
            error={marked.has('source') || (leadSources.isError && 'Could not load the choices')}
            required
          />
          <TextInput
            label="Birthday"
            name="dob"
            type="date"
            max={today}
            min="1900-01-01"
            value={values.dob}
            onChange={(event) => set('dob', event.currentTarget.value)}
            error={marked.has('dob')}
            required
          />
          <Radio.Group
            label="Gender"
            name="gender"
            value={values.gender}
            onChange={(value) => set('gender', value)}
            error={marked.has('gender')}
            required
          >
            <Group gap="lg" mt={8}>
              {genders.map((gender) => (
                <Radio key={gender} value={gender} label={gender} />
              ))}
            </Group>
          </Radio.Group>
        </SimpleGrid>
        <FormError message={problem?.message ?? serverError} />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          Sign up
        </Button>
        <Text ta="center" fz="sm">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
