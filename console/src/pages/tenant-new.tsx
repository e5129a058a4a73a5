import { css } from '@emotion/react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { TenantSettings, type TenantBody } from '@forecourt/admin-contract';
import { SITE_KINDS, TenantConfigSchema } from '@forecourt/shared-config/tenant';
import { ApiError, errorText } from '../api/client';
import { isOperator } from '../session/permissions';
import { useSession, useSignedIn } from '../session/session';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';
import { ErrorNote } from '../ui/error-note';
import { ConsoleForm, FORM_ERROR, SaveButton, SelectInput, TextInput } from '../ui/form';
import { Page } from '../ui/page';
import { tenantSettingsPath } from './tenant-settings';

/**
 * A new dealer site (operators): what every site must state, checked by the tenant schema; every
 * other setting starts at the platform's default and is edited on the site's settings page. The
 * site answers at once on every instance, at `{slug}.localhost` in development and on its domains.
 */

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
const KIND_NAMES: Record<(typeof SITE_KINDS)[number], string> = {
  'multi-franchise': 'Multi-franchise dealer (new and used)',
  'used-only': 'Used cars only',
  'dealer-group': 'Dealer group (several dealerships)',
  caravan: 'Caravans',
};

const NewTenantSchema = TenantConfigSchema.pick({
  slug: true,
  name: true,
  kind: true,
  logo: true,
  theme: true,
  contact: true,
});
type NewTenant = z.input<typeof NewTenantSchema>;

/** What the form's values make: a used-cars-only site sells used cars only. */
function configOf(values: NewTenant): TenantBody['config'] {
  return { ...values, ...(values.kind === 'used-only' ? { search: { carTypes: ['used'] } } : {}) };
}

export function NewTenantPage() {
  const { api } = useSession();
  const { account } = useSignedIn();
  const navigate = useNavigate();
  if (!isOperator(account))
    return (
      <Page title="New tenant">
        <ErrorNote message="Only an operator makes a new tenant." />
      </Page>
    );
  return (
    <Page title="New tenant" intro="A new dealer site. Everything not asked here starts at the platform's defaults.">
      <div
        css={css`
          background: ${COLOUR.surface};
          border: 1px solid ${COLOUR.border};
          border-radius: ${RADIUS};
          padding: ${SPACE.md};
          max-width: 48rem;
        `}
      >
        <ConsoleForm<NewTenant>
          label="New tenant"
          schema={NewTenantSchema}
          initialValues={{ kind: 'multi-franchise' }}
          onSubmit={async (values) => {
            try {
              const created = await api.send(TenantSettings, 'POST', '/_admin/tenants', {
                config: configOf(values),
              } satisfies TenantBody);
              void navigate(tenantSettingsPath(created.tenant), { state: { created: true } });
              return undefined;
            } catch (error) {
              if (error instanceof ApiError && error.body?.field)
                return { [error.body.field.split('.')[0]!]: error.message, [FORM_ERROR]: error.message };
              return { [FORM_ERROR]: errorText(error) };
            }
          }}
        >
          <div
            css={css`
              display: grid;
              grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
              gap: ${SPACE.sm} ${SPACE.md};
            `}
          >
            <TextInput
              name="slug"
              label="Slug"
              required
              hint="Its name in addresses: lower-case letters, digits and hyphens."
            />
            <TextInput name="name" label="Site name" required maxLength={80} />
            <SelectInput
              name="kind"
              label="Kind of site"
              required
              options={SITE_KINDS.map((kind) => ({ value: kind, label: KIND_NAMES[kind] }))}
            />
            <TextInput name="logo.text" label="Logo letters" required maxLength={4} />
            <TextInput name="logo.alt" label="Logo's text for screen readers" required />
            <TextInput name="theme.primary" label="Main colour" required hint="A hash and six hex digits." />
            <TextInput name="theme.accent" label="Accent colour" required hint="A hash and six hex digits." />
            <TextInput name="contact.phone" label="Phone" type="tel" required />
            <TextInput name="contact.city" label="City or town" required />
            <SelectInput
              name="contact.state"
              label="State"
              required
              placeholder="Choose a state"
              options={STATES.map((state) => ({ value: state, label: state }))}
            />
          </div>
          <SaveButton>Create tenant</SaveButton>
        </ConsoleForm>
      </div>
    </Page>
  );
}
