import {
  type CardCheckout,
  type GenerateCardSignatureRequest,
  generateCardSignatureResponse,
} from '@myprosper/contract/card';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * Paying by card (spec 4): the server signs the card form for what is owed (a session share or a voucher);
 * the browser posts it, hidden and at once, to the card provider's hosted page, which sends it back to the
 * session or the voucher with the outcome. The card itself never touches MyProsper.
 */

/** POST generateCardHttpSignature: the signed fields and where to post them. */
export async function generateCardHttpSignature(input: GenerateCardSignatureRequest): Promise<CardCheckout> {
  const body = await apiRequest('/myprosper/api/generateCardHttpSignature', generateCardSignatureResponse, {
    method: 'POST',
    body: input,
  });
  return body.data;
}

/** Builds the hidden form and submits it: the page leaves for the hosted checkout. */
export function submitCardForm(checkout: CardCheckout): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = checkout.payUrl;
  form.hidden = true;
  form.setAttribute('aria-hidden', 'true');
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/** Signs, then goes to the hosted page. */
export function useCardCheckout() {
  return useMutation({
    mutationFn: async (input: GenerateCardSignatureRequest) => {
      const checkout = await generateCardHttpSignature(input);
      submitCardForm(checkout);
      return checkout;
    },
  });
}
