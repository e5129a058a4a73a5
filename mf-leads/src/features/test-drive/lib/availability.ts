import {
  addDays,
  hoursOn,
  minutesOf,
  timeOf,
  zonedClock,
  type SpecialDay,
  type WeeklyHours,
} from '@forecourt/shared-config/hours';
import type { AvailabilityDay } from '../../../contract';

export type { SpecialDay, WeeklyHours };

/**
 * Test-drive times (spec: 'Test Drive Booking Date' with an appointment availability lookup;
 * the lookup's rules are not shown, so these are ours): every half hour the location is open,
 * ending by closing time, from two hours from now for two weeks, on the dealer's own clock, less
 * the times already booked. A special day (a public holiday) replaces the weekday's hours: closed
 * and 'By appointment only' days offer nothing online.
 */

/** A test drive's length, and the step between offered times. */
export const SLOT_MINUTES = 30;
/** The earliest time offered: enough notice for the dealer to have the car ready. */
export const NOTICE_MINUTES = 120;
/** How far ahead times are offered. */
export const DAYS_AHEAD = 14;

export function testDriveAvailability(input: {
  weekly: readonly WeeklyHours[];
  special: readonly SpecialDay[];
  /** Times already booked, 'YYYY-MM-DDTHH:mm' on the dealer's clock. */
  booked: Iterable<string>;
  now: Date;
  timeZone: string;
  days?: number;
}): AvailabilityDay[] {
  const booked = new Set(input.booked);
  const today = zonedClock(input.now, input.timeZone);
  const earliest = today.minutes + NOTICE_MINUTES;
  const result: AvailabilityDay[] = [];
  for (let offset = 0; offset < (input.days ?? DAYS_AHEAD); offset++) {
    const day = addDays(today.date, offset);
    const hours = hoursOn(day.date, day.weekday, input.weekly, input.special);
    if (!hours) continue;
    const times: string[] = [];
    for (let start = minutesOf(hours.open); start + SLOT_MINUTES <= minutesOf(hours.close); start += SLOT_MINUTES) {
      // Today's times need notice; a later day's notice spills over midnight only for a 2 am opening, which no dealer has.
      if (offset === 0 && start < earliest) continue;
      const time = timeOf(start);
      if (!booked.has(`${day.date}T${time}`)) times.push(time);
    }
    if (times.length > 0) result.push({ date: day.date, times });
  }
  return result;
}

/** Whether a chosen time is one of those offered. */
export function isOffered(days: readonly AvailabilityDay[], dateTime: string): boolean {
  const [date, time] = dateTime.split('T');
  return days.some((day) => day.date === date && day.times.includes(time ?? ''));
}
