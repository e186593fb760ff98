import { Button, Card, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type AdminPricing, pricingRequest } from '@myprosper/contract/admin-catalogue';
import { formatKes } from '@myprosper/contract/payments';
import { sessionPrice } from '@myprosper/contract/pricing';
import { firstMessage } from '@myprosper/contract/validation';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { usePricing, useSavePricing } from '../api/pricing.ts';
import { AdminPage, QueryView } from '../components/admin-page.tsx';
import { formatDateTime } from '../lib/format.ts';

const titles = { INDIVIDUAL: 'Individual session', GROUP: 'Group session' } as const;

function PriceForm({ setting }: { setting: AdminPricing }) {
  const save = useSavePricing();
  const [base, setBase] = useState<string | number>(setting.baseSessionPrice);
  const [vat, setVat] = useState<string | number>(setting.vatTax);
  const [error, setError] = useState<string | null>(null);
  const body = { baseSessionPrice: base, vatTax: vat };
  const parsed = pricingRequest.safeParse(body);
  const preview = parsed.success
    ? sessionPrice({ base_session_price: parsed.data.baseSessionPrice, vat_tax: parsed.data.vatTax })
    : null;
  const titleId = `price-${setting.priceType}`;

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const problem = firstMessage(pricingRequest, body);
    setError(problem);
    if (problem || !parsed.success) return;
    try {
      const answer = await save.mutateAsync({ priceType: setting.priceType, body: parsed.data });
      notify.success(answer.message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId}>
            {titles[setting.priceType]}
          </Title>
          <NumberInput
            label="Base price (KES)"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            value={base}
            onChange={setBase}
          />
          <NumberInput
            label="VAT (%)"
            min={0}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            value={vat}
            onChange={setVat}
          />
          <Text fz="sm">
            A new booking costs <strong>{preview === null ? '—' : formatKes(preview)}</strong>
            {setting.priceType === 'GROUP' ? ', shared by the attendees' : ''}.
          </Text>
          <Text fz="xs" c="dimmed">
            Now: {formatKes(setting.amount)} · last changed {formatDateTime(setting.updatedAt)}
          </Text>
          <FormError message={error} />
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            Save {setting.priceType === 'GROUP' ? 'group' : 'individual'} price
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** /admin/pricing: the prices of new bookings (booked sessions keep the price they were booked at). */
export function PricingPage() {
  const pricing = usePricing();
  return (
    <AdminPage
      title="Pricing"
      description="Changes apply to new bookings only: sessions already booked keep their price. Every change is logged."
    >
      <QueryView query={pricing}>
        {(settings) => (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {settings.map((setting) => (
              <PriceForm key={`${setting.priceType}-${setting.updatedAt}`} setting={setting} />
            ))}
          </SimpleGrid>
        )}
      </QueryView>
    </AdminPage>
  );
}
