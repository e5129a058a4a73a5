import * as zm from './runtime/api-schema';

/**
 * A dealer's hours as the API answers them (mf-locations' locations, mf-leads' lead forms). A
 * module of its own, in the package root: the hour rules (hours.ts) are imported by their
 * subpath, which must not carry the schema kit.
 */

export const weeklyHoursSchema = zm.object({
  /** 0 Sunday to 6 Saturday (spec). */
  weekday: zm.number(),
  status: zm.enum(['Open', 'Closed']),
  /** 'HH:mm' on the dealer's clock, or null when closed. */
  open: zm.nullable(zm.string()),
  close: zm.nullable(zm.string()),
});
export type WeeklyHours = zm.output<typeof weeklyHoursSchema>;

export const specialDaySchema = zm.object({
  /** 'YYYY-MM-DD' on the dealer's clock. */
  date: zm.string(),
  status: zm.enum(['Open', 'Closed', 'By appointment only']),
  start_hour: zm.nullable(zm.string()),
  end_hour: zm.nullable(zm.string()),
});
export type SpecialDay = zm.output<typeof specialDaySchema>;
