import { css } from '@emotion/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import {
  DayHours,
  HOURS_TYPES,
  TenantSettings,
  type LocationHours,
  type SectionChange,
  type TenantSection,
} from '@forecourt/admin-contract';
import { TenantConfigSchema, type TenantConfig } from '@forecourt/shared-config/tenant';
import { ApiError, errorText } from '../api/client';
import { isOperator, mayEditTenantSettings } from '../session/permissions';
import { useSession, useSignedIn } from '../session/session';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';
import { ErrorNote } from '../ui/error-note';
import { CheckboxInput, ConsoleForm, FORM_ERROR, SaveButton, SelectInput, TextInput, useFormState } from '../ui/form';
import { formatDateTime } from '../ui/format';
import { Loading, Page } from '../ui/page';

/**
 * A tenant's settings, a form per section (docs/tenants.md). Each form is checked in the browser
 * by the section's part of the tenant schema, the one the server checks the whole configuration
 * with, and sent with the revision it was loaded at: a save over someone else's newer one is
 * refused, and the page says so. A saved change shows on the site's next page, on every instance.
 */

export function tenantSettingsPath(tenant: string): string {
  return `/tenants/${encodeURIComponent(tenant)}/settings`;
}

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
const TEAMS = ['mf-search', 'mf-vehicle', 'mf-finance', 'mf-leads', 'mf-locations'] as const;
const TEAM_NAMES: Record<(typeof TEAMS)[number], string> = {
  'mf-search': 'Search and results',
  'mf-vehicle': 'Vehicle pages',
  'mf-finance': 'Finance calculator and enquiries',
  'mf-leads': 'Enquiries, test drives and reservations',
  'mf-locations': 'Locations and opening hours',
};
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const DEPARTMENTS: Record<(typeof HOURS_TYPES)[number], string> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  'car-buying': 'Car buying',
};
/** Empty rows offered under the site's links, for new ones. */
const SPARE_LINKS = 2;

const panel = css`
  background: ${COLOUR.surface};
  border: 1px solid ${COLOUR.border};
  border-radius: ${RADIUS};
  padding: ${SPACE.md};
  margin-bottom: ${SPACE.lg};
  min-width: 0;
`;
const grid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  gap: ${SPACE.sm} ${SPACE.md};
`;
/** A weekday's two times side by side at any width: the week reads as a timetable. */
const dayGrid = css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 12rem));
  gap: ${SPACE.sm} ${SPACE.md};
`;
const saved = css`
  color: ${COLOUR.success};
  font-weight: 600;
`;

/** A refusal as the form shows it: each field the server named under its input, the rest above the form. */
function refusalErrors(error: unknown): Record<string, unknown> {
  if (error instanceof ApiError && error.body?.problems?.length) {
    const errors: Record<string, unknown> = {};
    for (const problem of error.body.problems) setPath(errors, problem.field, problem.reason);
    errors[FORM_ERROR] = error.message;
    return errors;
  }
  return { [FORM_ERROR]: errorText(error) };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: Record<string, unknown> | unknown[] = target;
  keys.forEach((key, index) => {
    const last = index === keys.length - 1;
    const slot = node as Record<string, unknown>;
    if (last) slot[key] = value;
    else {
      slot[key] ??= /^\d+$/.test(keys[index + 1]!) ? [] : {};
      node = slot[key] as Record<string, unknown>;
    }
  });
}

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`section-${id}`} css={panel} data-section={id}>
      <h2
        id={`section-${id}`}
        css={css`
          margin-top: 0;
        `}
      >
        {title}
      </h2>
      {intro ? (
        <p
          css={css`
            color: ${COLOUR.muted};
            margin-top: 0;
          `}
        >
          {intro}
        </p>
      ) : null}
      {children}
    </section>
  );
}

function SavedNote({ text }: { text: string | null }) {
  return (
    <p role="status" css={saved}>
      {text ?? ''}
    </p>
  );
}

interface SectionProps {
  settings: TenantSettings;
  onSaved: (settings: TenantSettings) => void;
}

/** Sends one section's keys; resolves to the form's errors, or nothing once saved. */
function useSectionSave(settings: TenantSettings, onSaved: (settings: TenantSettings) => void) {
  const { api } = useSession();
  const [note, setNote] = useState<string | null>(null);
  const save = async (section: TenantSection, value: Record<string, unknown>, what: string) => {
    setNote(null);
    try {
      const next = await api.send(
        TenantSettings,
        'PUT',
        `/_admin/tenants/${encodeURIComponent(settings.tenant)}/settings/${section}`,
        { revision: settings.revision, value } satisfies SectionChange,
      );
      onSaved(next);
      setNote(`${what} saved. The site shows it on its next page.`);
      return undefined;
    } catch (error) {
      return refusalErrors(error);
    }
  };
  return { save, note };
}

const BrandSchema = TenantConfigSchema.pick({ logo: true, theme: true });

/** The header's look as the form stands: the logo's letters on the site's colours. */
function BrandPreview() {
  const { values } = useFormState<z.input<typeof BrandSchema>>({ subscription: { values: true } });
  const colour = (value: string | undefined, fallback: string) =>
    /^#[0-9a-fA-F]{6}$/.test(value ?? '') ? value! : fallback;
  const primary = colour(values.theme?.primary, COLOUR.chrome);
  const accent = colour(values.theme?.accent, COLOUR.onChrome);
  return (
    <figure
      css={css`
        margin: 0 0 ${SPACE.md};
      `}
    >
      <figcaption
        css={css`
          color: ${COLOUR.muted};
          font-size: 0.9rem;
          margin-bottom: ${SPACE.xs};
        `}
      >
        Preview of the site&apos;s header
      </figcaption>
      <div
        data-brand-preview
        css={css`
          display: flex;
          align-items: center;
          gap: ${SPACE.md};
          padding: ${SPACE.sm} ${SPACE.md};
          border-radius: ${RADIUS};
        `}
        style={{ background: primary }}
      >
        <span
          aria-label={values.logo?.alt ?? ''}
          css={css`
            font-weight: 800;
            font-size: 1.4rem;
            padding: 0.1rem 0.5rem;
            border-radius: 4px;
          `}
          style={{ background: accent, color: primary }}
        >
          {values.logo?.text ?? ''}
        </span>
        <span
          css={css`
            height: 0.5rem;
            flex: 1;
            border-radius: 4px;
          `}
          style={{ background: accent }}
        />
      </div>
    </figure>
  );
}

function BrandSection({ settings, onSaved }: SectionProps) {
  const { save, note } = useSectionSave(settings, onSaved);
  const config = settings.config as unknown as TenantConfig;
  return (
    <Section id="brand" title="Logo and colours" intro="The header's logo and the site's two colours.">
      <ConsoleForm<z.input<typeof BrandSchema>>
        label="Logo and colours"
        schema={BrandSchema}
        initialValues={{ logo: config.logo, theme: config.theme }}
        onSubmit={(values) => save('brand', values, 'Logo and colours')}
      >
        <BrandPreview />
        <div css={grid}>
          <TextInput name="logo.text" label="Logo letters" required maxLength={4} hint="One to four letters." />
          <TextInput name="logo.alt" label="Logo's text for screen readers" required />
          <TextInput
            name="theme.primary"
            label="Main colour"
            required
            hint="A hash and six hex digits, as in a style guide."
          />
          <TextInput
            name="theme.accent"
            label="Accent colour"
            required
            hint="A hash and six hex digits, as in a style guide."
          />
        </div>
        <SaveButton>Save logo and colours</SaveButton>
        <SavedNote text={note} />
      </ConsoleForm>
    </Section>
  );
}

const ContactSchema = TenantConfigSchema.pick({ contact: true });

function ContactSection({ settings, onSaved }: SectionProps) {
  const { save, note } = useSectionSave(settings, onSaved);
  const config = settings.config as unknown as TenantConfig;
  return (
    <Section id="contact" title="Contact" intro="The phone number on every page, and where the dealer is.">
      <ConsoleForm<z.input<typeof ContactSchema>>
        label="Contact"
        schema={ContactSchema}
        initialValues={{ contact: config.contact }}
        onSubmit={(values) => save('contact', values, 'Contact')}
      >
        <div css={grid}>
          <TextInput name="contact.phone" label="Phone" type="tel" required />
          <TextInput name="contact.city" label="City or town" required />
          <SelectInput
            name="contact.state"
            label="State"
            required
            options={STATES.map((state) => ({ value: state, label: state }))}
          />
          <TextInput
            name="contact.timeZone"
            label="Time zone"
            hint="Only when it is not the state capital's, e.g. Australia/Broken_Hill."
          />
        </div>
        <SaveButton>Save contact</SaveButton>
        <SavedNote text={note} />
      </ConsoleForm>
    </Section>
  );
}

const NavSchema = TenantConfigSchema.pick({ nav: true });
type NavValues = { nav: Array<{ label?: string; href?: string }> };

function NavSection({ settings, onSaved }: SectionProps) {
  const { save, note } = useSectionSave(settings, onSaved);
  const config = settings.config as unknown as TenantConfig;
  const rows = [...config.nav, ...Array.from({ length: SPARE_LINKS }, () => ({ label: '', href: '' }))];
  // Empty rows are the spare ones: they are left out, and the schema checks what remains.
  const filled = (values: NavValues) => ({
    nav: (values.nav ?? []).filter((link) => (link?.label ?? '').trim() || (link?.href ?? '').trim()),
  });
  const schema = z.preprocess((values) => filled(values as NavValues), NavSchema);
  return (
    <Section
      id="nav"
      title="Header links"
      intro="The links across the site's header, in order. Clear a row's label and address to remove it."
    >
      <ConsoleForm<NavValues>
        label="Header links"
        schema={schema}
        initialValues={{ nav: rows }}
        onSubmit={(values) => save('nav', filled(values), 'Header links')}
      >
        {rows.map((_, index) => (
          <div key={index} css={grid} data-nav-row={index}>
            <TextInput name={`nav.${index}.label`} label={`Link ${index + 1}: label`} />
            <TextInput
              name={`nav.${index}.href`}
              label={`Link ${index + 1}: address`}
              hint="A site path, e.g. /about-us."
            />
          </div>
        ))}
        <SaveButton>Save header links</SaveButton>
        <SavedNote text={note} />
      </ConsoleForm>
    </Section>
  );
}

const FeaturesSchema = TenantConfigSchema.pick({ features: true });

function FeaturesSection({ settings, onSaved }: SectionProps) {
  const { save, note } = useSectionSave(settings, onSaved);
  const config = settings.config as unknown as TenantConfig;
  return (
    <Section
      id="features"
      title="Parts of the site"
      intro="Each part is a team's; a part switched off leaves the site's pages and links to it."
    >
      <ConsoleForm<z.input<typeof FeaturesSchema>>
        label="Parts of the site"
        schema={FeaturesSchema}
        initialValues={{ features: config.features }}
        onSubmit={(values) => save('features', values, 'Parts of the site')}
      >
        {TEAMS.map((team) => (
          <CheckboxInput key={team} name={`features.${team}`} label={TEAM_NAMES[team]} />
        ))}
        <SaveButton>Save parts of the site</SaveButton>
        <SavedNote text={note} />
      </ConsoleForm>
    </Section>
  );
}

const WeekSchema = z.object({
  days: z.array(
    z.preprocess((day) => {
      const { weekday, open, close } = (day ?? {}) as { weekday: number; open?: string; close?: string };
      return { weekday, open: open?.trim() || null, close: close?.trim() || null };
    }, DayHours),
  ),
});
type WeekValues = { days: Array<{ weekday: number; open?: string; close?: string }> };

function WeekForm({
  settings,
  location,
  type,
  onSaved,
}: SectionProps & { location: LocationHours; type: (typeof HOURS_TYPES)[number] }) {
  const { api } = useSession();
  const [note, setNote] = useState<string | null>(null);
  const week = location.hours[type] ?? [];
  const label = `${DEPARTMENTS[type]} hours at ${location.name}`;
  return (
    <ConsoleForm<WeekValues>
      label={label}
      schema={WeekSchema}
      initialValues={{
        days: WEEKDAYS.map((_, weekday) => {
          const day = week.find((entry) => entry.weekday === weekday);
          return { weekday, open: day?.open ?? '', close: day?.close ?? '' };
        }),
      }}
      onSubmit={async (values) => {
        setNote(null);
        try {
          const days = WeekSchema.parse(values).days;
          const next = await api.send(
            TenantSettings,
            'PUT',
            `/_admin/tenants/${encodeURIComponent(settings.tenant)}/hours/${encodeURIComponent(location.slug)}`,
            { revision: settings.revision, type, days },
          );
          onSaved(next);
          setNote(`${label} saved. The site shows them on its next page.`);
          return undefined;
        } catch (error) {
          return refusalErrors(error);
        }
      }}
    >
      <h3>{label}</h3>
      {WEEKDAYS.map((name, weekday) => (
        <div key={name} css={dayGrid} data-weekday={weekday}>
          <TextInput
            name={`days.${weekday}.open`}
            label={`${name} opens`}
            placeholder="08:30"
            hint={weekday === 0 ? 'Leave both times empty for a closed day.' : undefined}
          />
          <TextInput name={`days.${weekday}.close`} label={`${name} closes`} placeholder="17:30" />
        </div>
      ))}
      <SaveButton>Save {DEPARTMENTS[type].toLowerCase()} hours</SaveButton>
      <SavedNote text={note} />
    </ConsoleForm>
  );
}

function HoursSection({ settings, onSaved }: SectionProps) {
  return (
    <Section
      id="hours"
      title="Opening hours"
      intro="Each location's weekly hours per department, on the dealer's own clock (24-hour times)."
    >
      {settings.locations.length === 0 ? <p>This site has no locations yet.</p> : null}
      {settings.locations.map((location) =>
        HOURS_TYPES.filter((type) => location.hours[type]).map((type) => (
          <WeekForm
            key={`${location.slug}/${type}`}
            settings={settings}
            location={location}
            type={type}
            onSaved={onSaved}
          />
        )),
      )}
    </Section>
  );
}

type SiteValues = { name: string; domains: string };
const SiteSchema = z.object({
  name: TenantConfigSchema.shape.name,
  domains: z.string().max(2000).optional(),
});

/** The operators' section: the site's name and its production domains. */
function SiteSection({ settings, onSaved }: SectionProps) {
  const { save, note } = useSectionSave(settings, onSaved);
  const config = settings.config as unknown as TenantConfig;
  return (
    <Section
      id="site"
      title="Site and domains"
      intro="Operators only: the name the site goes by and the host names it answers on."
    >
      <ConsoleForm<SiteValues>
        label="Site and domains"
        schema={SiteSchema}
        initialValues={{ name: config.name, domains: config.domains.join(', ') }}
        onSubmit={(values) =>
          save(
            'site',
            {
              name: values.name,
              kind: config.kind,
              domains: (values.domains ?? '')
                .split(/[\s,]+/)
                .map((domain) => domain.trim().toLowerCase())
                .filter(Boolean),
              brands: config.brands,
              ...(config.garage ? { garage: config.garage } : {}),
              private: config.private,
            },
            'Site and domains',
          )
        }
      >
        <div css={grid}>
          <TextInput name="name" label="Site name" required maxLength={80} />
          <TextInput name="domains" label="Domains" hint="Host names, separated by commas." />
        </div>
        <SaveButton>Save site and domains</SaveButton>
        <SavedNote text={note} />
      </ConsoleForm>
    </Section>
  );
}

export function TenantSettingsPage() {
  const { tenant = '' } = useParams();
  const { api } = useSession();
  const { account } = useSignedIn();
  const [settings, setSettings] = useState<TenantSettings | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      setError(null);
      api
        .get(TenantSettings, `/_admin/tenants/${encodeURIComponent(tenant)}/settings`, signal)
        .then(setSettings, (failure: unknown) => {
          if (!(failure instanceof DOMException)) setError(errorText(failure));
        });
    },
    [api, tenant],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const name = settings?.config.name ?? tenant;
  if (!mayEditTenantSettings(account, tenant))
    return (
      <Page title={`Settings of ${name}`}>
        <ErrorNote message="Your account does not manage this site's settings." />
      </Page>
    );
  return (
    <Page
      title={`Settings of ${name}`}
      intro={
        <>
          Each section saves on its own and shows on the site&apos;s next page. <Link to="/">Back to the tenants</Link>
        </>
      }
    >
      {error ? <ErrorNote lead="Could not load the settings" message={error} /> : null}
      {!settings && !error ? <Loading what="the settings" /> : null}
      {settings ? (
        <>
          <p
            css={css`
              color: ${COLOUR.muted};
            `}
            data-revision={settings.revision}
          >
            Revision {settings.revision}, saved {formatDateTime(settings.updatedAt)} by {settings.updatedBy}.
          </p>
          <BrandSection settings={settings} onSaved={setSettings} />
          <ContactSection settings={settings} onSaved={setSettings} />
          <NavSection settings={settings} onSaved={setSettings} />
          <FeaturesSection settings={settings} onSaved={setSettings} />
          <HoursSection settings={settings} onSaved={setSettings} />
          {isOperator(account) ? <SiteSection settings={settings} onSaved={setSettings} /> : null}
        </>
      ) : null}
    </Page>
  );
}
