import { Anchor, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { Industry } from '@myprosper/contract/catalogue';
import { todayIn } from '@myprosper/contract/dates';
import { genders } from '@myprosper/contract/profiles';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { CommonProfileValues } from '../lib/profile-form.ts';

/** The fields both profile screens share: e-mail, industry, gender, birthday, LinkedIn and occupation. */
export function ProfileFields<T extends CommonProfileValues>({
  values,
  onChange,
  invalid,
  industries,
  currentIndustry,
  isLoadingIndustries,
}: {
  values: T;
  onChange: (field: keyof CommonProfileValues, value: string) => void;
  /** Fields to outline in red (the form's one message says why). */
  invalid: ReadonlySet<string>;
  industries: Industry[];
  /** The profile's industry, offered even if the list no longer has it, so nothing changes by itself. */
  currentIndustry: Industry | null;
  isLoadingIndustries: boolean;
}) {
  const choices =
    currentIndustry && !industries.some((industry) => industry.id === currentIndustry.id)
      ? [currentIndustry, ...industries]
      : industries;
  const industryOptions = choices.map((industry) => ({ value: String(industry.id), label: industry.name }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <TextInput
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(event) => onChange('email', event.currentTarget.value)}
        error={invalid.has('email')}
      />
      <Select
        label="Industry"
        name="industryId"
        required
        searchable
        allowDeselect={false}
        placeholder={isLoadingIndustries ? 'Loading…' : 'Choose your industry'}
        data={industryOptions}
        value={values.industryId || null}
        onChange={(value) => onChange('industryId', value ?? '')}
        error={invalid.has('industryId')}
        nothingFoundMessage="No industry found"
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Gender"
        name="gender"
        required
        allowDeselect={false}
        placeholder="Choose"
        data={[...genders]}
        value={values.gender || null}
        onChange={(value) => onChange('gender', value ?? '')}
        error={invalid.has('gender')}
      />
      <TextInput
        label="Birthday"
        name="dob"
        type="date"
        required
        max={todayIn()}
        min="1900-01-01"
        value={values.dob}
        onChange={(event) => onChange('dob', event.currentTarget.value)}
        error={invalid.has('dob')}
      />
      <TextInput
        label="LinkedIn profile"
        name="linkedInUrl"
        type="url"
        required
        placeholder="https://www.linkedin.com/in/your-name"
        value={values.linkedInUrl}
        onChange={(event) => onChange('linkedInUrl', event.currentTarget.value)}
        error={invalid.has('linkedInUrl')}
      />
      <TextInput
        label="Occupation"
        name="occupation"
        required
        autoComplete="organization-title"
        value={values.occupation}
        onChange={(event) => onChange('occupation', event.currentTarget.value)}
        error={invalid.has('occupation')}
      />
    </SimpleGrid>
  );
}

/** Name and phone: shown, never edited here (a new phone is proven by its code at /profile/phone/verify). */
export function ReadOnlyIdentity({ name, phone }: { name: string; phone: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="Name"
        name="name"
        value={name}
        readOnly
        variant="filled"
        description="Cannot be changed"
      />
      <TextInput
        label="Phone number"
        name="phoneNumber"
        value={phone}
        readOnly
        variant="filled"
        description={
          <Anchor component={Link} to={`${paths.verifyPhone}?change=1`} fz="xs">
            Change number
          </Anchor>
        }
      />
    </SimpleGrid>
  );
}

/** Shown while the e-mail differs from the saved one: changing it needs the current password. */
export function CurrentPasswordField({
  value,
  onChange,
  isInvalid,
}: {
  value: string;
  onChange: (value: string) => void;
  isInvalid: boolean;
}) {
  return (
    <PasswordInput
      label="Current password"
      name="currentPassword"
      description="Needed to change your email"
      autoComplete="current-password"
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={isInvalid}
    />
  );
}
