import { z } from 'zod';
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

/** Spec: lead_attributes (visited_pages, linked_query_params). */
export const leadAttributesSchema = z
  .object({
    visited_pages: z.array(z.string().max(2048)).max(20).default([]),
    linked_query_params: z.record(z.string().max(64), z.string().max(512)).default({}),
  })
  .strict()
  .default({ visited_pages: [], linked_query_params: {} });

/** The lead endpoint's body: which form, its values (checked by that form's schema), where it was sent from. */
export function leadBodySchema(rules: EnquiryRules, choices: (form: LeadForm) => FormChoices = () => NO_CHOICES) {
  return z
    .object({
      form: z.enum(LEAD_FORMS),
      userData: z.record(z.string(), z.unknown()),
      url: z.string().max(2048).startsWith('/', { error: 'must be a path on this site' }),
      lead_attributes: leadAttributesSchema,
    })
    .strict()
    .transform((body, context) => {
      const parsed = schemaOf(body.form, rules, choices(body.form)).safeParse(body.userData);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) context.addIssue({ ...issue, path: ['userData', ...issue.path] } as never);
        return z.NEVER;
      }
      return { ...body, userData: parsed.data as Record<string, unknown> };
    });
}

export type LeadBody = z.output<ReturnType<typeof leadBodySchema>>;
