import { TextInput } from '@mantine/core';

/** The 6-digit code of an authenticator app: the phone offers digits, and the browser may fill a one-time code. */
export function AppCodeInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(code: string): void;
  error: boolean;
}) {
  return (
    <TextInput
      label="Code"
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, ''))}
      error={error}
    />
  );
}
