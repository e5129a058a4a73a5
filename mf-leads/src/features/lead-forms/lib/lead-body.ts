import { z } from 'zod';
import { leadAttributesSchema } from '@forecourt/shared-config/contact';
import { tradeInSchema } from '../../trade-in/lib/valuation';
import {
  careersSchema,
  enquirySchema,
  LEAD_FORMS,
  NO_CHOICES,
  quickEnquirySchema,
  requestPhotosSchema,
  serviceSchema,
  testDriveSchema,
  type EnquiryRules,
  type FormChoices,
  type LeadForm,
} from './lead-schema';

/** The schema of each lead form, by the name it is sent under. */
export function schemaOf(form: LeadForm, rules: EnquiryRules, choices: FormChoices = NO_CHOICES) {
  switch (form) {
    case 'enquiry':
    case 'find-similar':
      return enquirySchema(rules, choices);
    case 'quick-enquiry':
      return quickEnquirySchema(rules);
    case 'test-drive':
      return testDriveSchema(rules, choices);
    case 'request-photos':
      return requestPhotosSchema(rules);
    case 'service':
      return serviceSchema(rules, choices);
    case 'careers':
      return careersSchema(rules);
    case 'trade-in':
      return tradeInSchema(rules);
  }
}

/** Spec: lead_attributes (visited_pages, linked_query_params): shared-config's contact rules, as the finance lead has them too. */
export { leadAttributesSchema };

/** The lead endpoint's envelope: which form, its values (checked next by that form's schema), where it was sent from. */
const envelopeSchema = z
  .object({
    form: z.enum(LEAD_FORMS),
    userData: z.record(z.string(), z.unknown()),
    url: z.string().max(2048).startsWith('/', { error: 'must be a path on this site' }),
    lead_attributes: leadAttributesSchema,
  })
  .strict();

/**
 * Each form's schema for a site's rules and choices, built once: a zod schema is costly to build
 * and to compile on its first parse, and a site has only a handful of combinations, so the lead
 * endpoint reuses them (at most 500 kept; the oldest goes first).
 */
const built = new Map<string, ReturnType<typeof schemaOf>>();
export function cachedSchemaOf(form: LeadForm, rules: EnquiryRules, choices: FormChoices = NO_CHOICES) {
  const key = JSON.stringify([
    form,
    rules.commentsRequired,
    rules.termsRequired,
    rules.postcodeShown,
    choices.locations.map((location) => location.id),
  ]);
  let schema = built.get(key);
  if (!schema) {
    schema = schemaOf(form, rules, choices);
    if (built.size >= 500) built.delete(built.keys().next().value!);
    built.set(key, schema);
  }
  return schema;
}

export type LeadBody = z.output<typeof envelopeSchema>;

/** The lead endpoint's body, checked: the envelope, then userData by its form's schema (issues under userData.*). */
export function parseLeadBody(
  body: unknown,
  rules: EnquiryRules,
  choices: (form: LeadForm) => FormChoices = () => NO_CHOICES,
): { success: true; data: LeadBody } | { success: false; error: z.ZodError } {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return envelope;
  const userData = cachedSchemaOf(envelope.data.form, rules, choices(envelope.data.form)).safeParse(
    envelope.data.userData,
  );
  if (!userData.success)
    return {
      success: false,
      error: new z.ZodError(userData.error.issues.map((issue) => ({ ...issue, path: ['userData', ...issue.path] }))),
    };
  return { success: true, data: { ...envelope.data, userData: userData.data as Record<string, unknown> } };
}
