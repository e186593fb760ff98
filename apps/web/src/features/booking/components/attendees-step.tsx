import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { checkOtherAttendees, maxOtherAttendees } from '@myprosper/contract/booking';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';

/**
 * Group step: the phone numbers of the 1 to 3 other attendees (Kenyan numbers, all different, not the booker's
 * own), checked by the contract's rule and messages. Answers them normalised (2547XXXXXXXX).
 */
export function AttendeesStep({
  phones,
  onPhonesChange,
  ownPhone,
  onBack,
  onNext,
}: {
  phones: string[];
  onPhonesChange: (phones: string[]) => void;
  ownPhone: string | null;
  onBack: () => void;
  onNext: (normalised: string[]) => void;
}) {
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const check = checkOtherAttendees('GROUP', phones, ownPhone);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    onNext(check.phones);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text>
          Who else is coming? Add the phone number of each other attendee (1 to {maxOtherAttendees}). We send
          each of them an invitation by SMS.
        </Text>
        {phones.map((phone, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions, edited in place
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={`Attendee ${index + 1} phone number`}
              placeholder="0712 123456"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              onChange={(event) => {
                const next = [...phones];
                next[index] = event.currentTarget.value;
                onPhonesChange(next);
              }}
              style={{ flex: 1 }}
              data-autofocus={index === 0 ? true : undefined}
            />
            {phones.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                aria-label={`Remove attendee ${index + 1}`}
                onClick={() => onPhonesChange(phones.filter((_, i) => i !== index))}
              >
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    fill="none"
                  />
                </svg>
              </ActionIcon>
            )}
          </Group>
        ))}
        {phones.length < maxOtherAttendees && (
          <Button
            variant="subtle"
            onClick={() => onPhonesChange([...phones, ''])}
            style={{ alignSelf: 'flex-start' }}
          >
            Add another attendee
          </Button>
        )}
        <FormError message={error} />
        <Group justify="space-between" mt="xs">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit">Continue</Button>
        </Group>
      </Stack>
    </form>
  );
}
