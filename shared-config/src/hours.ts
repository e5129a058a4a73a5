/**
 * A dealer location's hours, read on the dealer's own clock: the weekly hours (spec: 'weekday 0
 * to 6 (0 Sunday), status (Open or Closed), formated_hours, open, close'), the dated special
 * hours (public holidays: 'date, status, start_hour, end_hour'), which replace the weekday's on
 * their date, and the time a given instant is at the location. mf-leads offers test-drive times
 * from them, mf-locations shows them and whether the location is open now; both read them here.
 */

import type { SpecialDay, WeeklyHours } from './hours-schema';

// Their shape is the API's (hours-schema.ts).
export type { SpecialDay, WeeklyHours };

/** 'HH:mm' to minutes since midnight. */
export const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

/** Minutes since midnight to 'HH:mm'. */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A day's hours as the stored `formated_hours` reads them: '8:30am - 5:30pm'. */
export function formattedHours(open: string, close: string): string {
  const twelveHour = (time: string) => {
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    return `${((hours + 11) % 12) + 1}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${hours < 12 ? 'am' : 'pm'}`;
  };
  return `${twelveHour(open)} - ${twelveHour(close)}`;
}

/** The date, weekday and minute of the day that `now` is on the clock of `timeZone`. */
export function zonedClock(now: Date, timeZone: string): { date: string; weekday: number; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts['weekday'] ?? '');
  return {
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    weekday,
    minutes: Number(parts['hour']) * 60 + Number(parts['minute']),
  };
}

/** The calendar date `days` after `date` (both 'YYYY-MM-DD'), and its weekday. */
export function addDays(date: string, days: number): { date: string; weekday: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days));
  return { date: day.toISOString().slice(0, 10), weekday: day.getUTCDay() };
}

/** The hours a location keeps on one date: its special day's, else its weekday's; null when closed (or by appointment only). */
export function hoursOn(
  date: string,
  weekday: number,
  weekly: readonly WeeklyHours[],
  special: readonly SpecialDay[],
): { open: string; close: string } | null {
  const exception = special.find((day) => day.date === date);
  if (exception)
    return exception.status === 'Open' && exception.start_hour && exception.end_hour
      ? { open: exception.start_hour, close: exception.end_hour }
      : null;
  const regular = weekly.find((day) => day.weekday === weekday);
  return regular?.status === 'Open' && regular.open && regular.close
    ? { open: regular.open, close: regular.close }
    : null;
}

/**
 * Whether the location is open at `now`, on its own clock (a shopper in Perth looking at a
 * Sydney dealer sees Sydney's answer), and until or from when: the hours of today, or of the
 * special day that replaces today's.
 */
export function openNow(
  now: Date,
  timeZone: string,
  weekly: readonly WeeklyHours[],
  special: readonly SpecialDay[],
): { open: boolean; today: { open: string; close: string } | null } {
  const clock = zonedClock(now, timeZone);
  const today = hoursOn(clock.date, clock.weekday, weekly, special);
  return {
    open: today !== null && clock.minutes >= minutesOf(today.open) && clock.minutes < minutesOf(today.close),
    today,
  };
}

/** Each state's clock (its capital's zone); Broken Hill and the like set the tenant's own `contact.timeZone`. */
const STATE_TIME_ZONES = {
  ACT: 'Australia/Sydney',
  NSW: 'Australia/Sydney',
  NT: 'Australia/Darwin',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  TAS: 'Australia/Hobart',
  VIC: 'Australia/Melbourne',
  WA: 'Australia/Perth',
} as const;

/** The dealer's time zone: its own setting, else its state's. */
export function dealerTimeZone(contact: {
  state: keyof typeof STATE_TIME_ZONES;
  timeZone?: string | undefined;
}): string {
  return contact.timeZone ?? STATE_TIME_ZONES[contact.state];
}
