import { Text } from '@mantine/core';
import { isValidPhone } from '@myprosper/contract/validation';
import { verificationMessages } from '@myprosper/contract/verification';
import { phoneToSend } from '../../../components/phone-field/phone-value.ts';
import { PhoneCodeForm } from '../../../components/phone-verification/phone-code-form.tsx';
import {
  sendApplicationCode,
  verifyApplicationCode,
} from '../../../components/phone-verification/phone-verification-api.ts';
import { isPhoneProven } from '../lib/application-form.ts';
import type { StepProps } from './step-props.ts';

/**
 * Under the phone of Bio Data: the code sent by SMS to the number typed proves it is the applicant's; the
 * proof goes with the application. Another number typed afterwards needs its own code.
 */
export function ApplicationPhoneCheck({ values, set }: Pick<StepProps, 'values' | 'set'>) {
  const phone = phoneToSend(values.phone);
  if (isPhoneProven(values)) {
    return (
      <Text c="teal.8" fz="sm" fw={600}>
        {verificationMessages.phoneVerified}
      </Text>
    );
  }
  if (!isValidPhone(phone)) return null;
  return (
    <PhoneCodeForm
      key={phone}
      onSend={async () => (await sendApplicationCode(phone)).data.resendInSeconds}
      onVerify={async (code) => {
        const answer = await verifyApplicationCode(phone, code);
        set('phoneProof', answer.data.phoneProof);
        set('provenPhone', phone);
      }}
    />
  );
}
