import { addDays, minutesOf, openNow, zonedClock } from '@forecourt/shared-config/hours';
import {
  LOCATION_TYPES,
  type DealerLocation,
  type LocationType,
  type OpeningHour,
  type SpecialHours,
} from '../contract';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const WORKING_WEEK = [1, 2, 3, 4, 5];

/** '09:00' -> '9am', '07:30' -> '7:30am', '16:30' -> '4:30pm', '12:00' -> '12pm'. */
export function formatTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const twelve = ((hours + 11) % 12) + 1;
  return `${twelve}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${hours < 12 ? 'am' : 'pm'}`;
}

const openText = (open: string, close: string) => `${formatTime(open)} - ${formatTime(close)}`;

function dayText(day: OpeningHour | undefined): { text: string; closed: boolean } {
  if (!day || day.status !== 'Open' || !day.open || !day.close) return { text: 'Closed', closed: true };
  return { text: openText(day.open, day.close), closed: false };
}

export interface WeekRow {
  /** 'Monday - Friday', 'Saturday', ... */
  days: string;
  /** The data's weekday numbers the row covers (0 Sunday). */
  weekdays: number[];
  text: string;
  closed: boolean;
}

/**
 * The week as the card lists it (spec: 'Monday to Friday grouped, weekend handled separately'; 'Days run Monday to Sunday, Sunday last', though the data numbers Sunday 0;
 * Sunday last): one 'Monday - Friday' row when the five days keep the same hours, else a row a
 * day; Saturday and Sunday always their own rows. A day the data does not list is closed.
 */
export function weekRows(hours: readonly OpeningHour[]): WeekRow[] {
  const byDay = new Map(hours.map((day) => [day.weekday, day]));
  const row = (weekday: number): WeekRow => ({
    days: DAY_NAMES[weekday]!,
    weekdays: [weekday],
    ...dayText(byDay.get(weekday)),
  });
  const working = WORKING_WEEK.map(row);
  const same = working.every((day) => day.text === working[0]!.text);
  const week = same
    ? [{ days: 'Monday - Friday', weekdays: WORKING_WEEK, text: working[0]!.text, closed: working[0]!.closed }]
    : working;
  return [...week, row(6), row(0)];
}

/** The types a location keeps hours for, in the product's order (sales, service, parts, car-buying). */
export function hourTypes(location: DealerLocation): LocationType[] {
  return LOCATION_TYPES.filter((type) => (location.contact_detail.opening_hours[type]?.length ?? 0) > 0);
}

const dateLabel = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** 'Thu 25 Dec' for '2025-12-25', read from the date itself, whatever the machine's zone. */
function labelOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return dateLabel.format(new Date(Date.UTC(y, m - 1, d))).replace(',', '');
}

function specialText(day: SpecialHours): string {
  if (day.status === 'Closed') return 'Closed';
  if (day.status === 'By appointment only') return 'By appointment only';
  return day.start_hour && day.end_hour ? openText(day.start_hour, day.end_hour) : 'Open';
}

/**
 * The special days ahead (spec: 'Closed, Open, By appointment only, or Today for special dates'),
 * from `today` (the dealer's date) up to `days` after it, by date; today's reads 'Today'.
 */
export function upcomingSpecialHours(
  special: readonly SpecialHours[],
  today: string,
  days = 60,
): Array<{ date: string; label: string; text: string }> {
  const last = addDays(today, days).date;
  return special
    .filter((day) => day.date >= today && day.date <= last)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => ({
      date: day.date,
      label: day.date === today ? 'Today' : labelOf(day.date),
      text: specialText(day),
    }));
}

/**
 * Whether a location's `type` is open at `now` on the location's own clock, as the card says it:
 * 'Open now · closes 5:30pm', 'Closed now · opens 8:30am' (later the same day), or 'Closed now'.
 */
export function statusNow(location: DealerLocation, type: LocationType, now: Date): { open: boolean; text: string } {
  const state = openNow(
    now,
    location.time_zone,
    location.contact_detail.opening_hours[type] ?? [],
    location.special_hours,
  );
  if (state.open && state.today) return { open: true, text: `Open now · closes ${formatTime(state.today.close)}` };
  const minutes = zonedClock(now, location.time_zone).minutes;
  if (state.today && minutes < minutesOf(state.today.open))
    return { open: false, text: `Closed now · opens ${formatTime(state.today.open)}` };
  return { open: false, text: 'Closed now' };
}
